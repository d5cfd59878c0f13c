// The App Update service layer against Tests/Fixtures/sap/app-update (each file names its SAP
// source in that folder's README): the requests hubctl builds, byte for byte where a fixture fixes
// them (deploy's multipart body, promote's and the pending delete's JSON); the answers it reads
// (details, deploy, promote and its message); malformed answers refused (65); the package checks
// before sending (64); and a large package streamed without being held in memory.

import Foundation
import HubBundles
import HubCore
import Synchronization
import Testing
@testable import HubServices
@testable import HubTransport

/// A request fixture: its method, URL (from `Host` and the path), headers and body. The files are
/// written with LF line ends; `crlf` turns them into the CRLF a multipart body has on the wire.
func requestFixture(_ name: String, crlf: Bool = false) throws -> (method: String, url: String, headers: [HTTPHeader], body: Data) {
    let text = try String(contentsOf: sapFixtureURL("app-update/" + name), encoding: .utf8)
    let split = try #require(text.range(of: "\n\n"))
    let head = text[..<split.lowerBound].split(separator: "\n").map(String.init)
    let requestLine = head[0].split(separator: " ").map(String.init)
    let headers = head.dropFirst().map { line in
        let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return HTTPHeader(parts[0], parts[1])
    }
    var body = String(text[split.upperBound...])
    if crlf { body = body.replacingOccurrences(of: "\n", with: "\r\n") } else if body.hasSuffix("\n") { body.removeLast() }
    let host = try #require(headers.first { $0.name == "Host" }?.value)
    return (requestLine[0], "https://" + host + requestLine[1], headers, Data(body.utf8))
}

/// Reads a request's streamed body to its end in pieces of `piece` bytes, as libcurl would.
func drain(_ request: HTTPRequest, piece: Int = 7, _ take: (UnsafeRawBufferPointer) -> Void) throws {
    guard case .stream(_, let open)? = request.body else {
        if let bytes = request.bodyBytes { bytes.withUnsafeBytes(take) }
        return
    }
    let read = try open()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 8)
    defer { buffer.deallocate() }
    while true {
        let n = try read(buffer)
        if n == 0 { return }
        precondition(n <= piece)
        take(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
    }
}

/// Bytes a fake server received.
final class Received: Sendable {
    private let store = Mutex<[Data]>([])
    func append(_ data: Data) { store.withLock { $0.append(data) } }
    var bodies: [Data] { store.withLock { $0 } }
}

/// An answer that first reads the whole streamed body (a server that waits for it).
func reading(_ status: Int, _ body: String = "", into received: Received, headers: [HTTPHeader] = []) -> (HTTPRequest) -> HTTPResponse {
    { request in
        var data = Data()
        try? drain(request) { data.append(contentsOf: $0) }
        received.append(data)
        return HTTPResponse(status: status, headers: headers, body: Data(body.utf8), effectiveURL: request.url)
    }
}

@Suite struct AppUpdateTests {
    let base = "https://mobile-service-cockpit-api.cfapps.eu10.example.com/cockpit/v1/org/0f1e2d3c-4b5a-4968-8776-0000000000a1/space/0f1e2d3c-4b5a-4968-8776-0000000000a2"

    func fixture(_ name: String) throws -> String { try String(contentsOf: sapFixtureURL("app-update/" + name), encoding: .utf8) }

    func client(_ fake: FakeTransport) -> AppUpdateClient {
        let admin = MobileServicesAdmin(base: base, auth: .basic(BasicCredentials(user: "ci-user", password: "fake-password-for-tests-only")), transport: fake)
        return AppUpdateClient(admin: admin, appId: "ci-1234")
    }

    /// The request matches the fixture: method, URL, every header the fixture names (Basic from the
    /// request's credentials, which libcurl sends as that header), and the body's bytes.
    func expectMatches(_ request: HTTPRequest, _ expected: (method: String, url: String, headers: [HTTPHeader], body: Data), body: Data) throws {
        #expect(request.method == expected.method)
        #expect(request.url == expected.url)
        for header in expected.headers where header.name != "Host" {
            if header.name == "Authorization" {
                let credentials = try #require(request.credentials)
                #expect("Basic " + Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString() == header.value)
            } else {
                let sent = request.headers.first { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }?.value
                #expect(sent == header.value, "header \(header.name)")
            }
        }
        #expect(body == expected.body)
    }

    // MARK: Packages

    /// A directory of `files` (path → content) and its zip's bytes, as `bundle publish` zips it.
    func zip(_ files: [String: String]) throws -> (dir: String, bytes: Data) {
        let dir = NSTemporaryDirectory() + "au-\(UUID().uuidString)"
        for (path, content) in files {
            let url = URL(fileURLWithPath: dir + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let plan = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        let reader = plan.reader()
        var bytes = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { buffer.deallocate() }
        while case let n = try reader.read(into: buffer), n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        return (dir, bytes)
    }

    static let hybrid = ["android/config.xml": "<widget/>", "android/www/index.html": "<html/>",
                         "ios/config.xml": "<widget/>", "ios/www/index.html": "<html/>"]

    func package(_ bytes: Data, kind: AppUpdateKind) throws -> AppUpdatePackage {
        try AppUpdatePackage.checked(try InputFile.spool(bytes: bytes, name: "app.zip"), kind: kind)
    }

    func refusal(_ body: () throws -> Void) -> HubError? {
        do { try body() } catch let error as HubError { return error } catch { Issue.record("not a HubError: \(error)") }
        return nil
    }

    @Test func aHybridPackageHoldsLowerCasePlatformFoldersWithConfigAndWww() throws {
        let good = try zip(Self.hybrid)
        defer { try? FileManager.default.removeItem(atPath: good.dir) }
        #expect(try package(good.bytes, kind: .hybrid).platforms == ["android", "ios"])
        // The same directory, zipped as it is sent, is checked by the names it will hold.
        let plan = try DeterministicZip.plan(directory: good.dir, limit: 1 << 20)
        #expect(try AppUpdatePackage.checked(directory: plan, path: good.dir, kind: .hybrid).platforms == ["android", "ios"])

        let cases: [([String: String], String)] = [
            (["iOS/config.xml": "x", "iOS/www/index.html": "x"], "lower case: ios/"),
            (["windows/config.xml": "x", "windows/www/i.html": "x"], "\"windows/\", which is no platform folder"),
            (["android/config.xml": "x"], "lacks www/"),
            (["android/www/index.html": "x"], "lacks config.xml"),
            (["android/config.xml": "x", "android/www/i.html": "x", "README": "x"], "no file at its top"),
        ]
        for (files, why) in cases {
            let bad = try zip(files)
            defer { try? FileManager.default.removeItem(atPath: bad.dir) }
            let error = refusal { _ = try package(bad.bytes, kind: .hybrid) }
            #expect(error?.kind == .usage, "\(files.keys.sorted())")
            let message = error?.message ?? ""
            #expect(message.contains(why), "\(message)")
        }
        // An MDK bundle only needs to be a readable, unencrypted zip (no SAP source states more).
        let mdk = try zip(["bundle.js": "x", "anything/else.txt": "y"])
        defer { try? FileManager.default.removeItem(atPath: mdk.dir) }
        #expect(try package(mdk.bytes, kind: .mdk).platforms.isEmpty)
    }

    @Test func notAZipAnEncryptedOneAndAnUnreadableDirectoryAreRefused() throws {
        let notZip = refusal { _ = try package(Data("%PDF-1.7 not a zip at all, but long enough".utf8), kind: .mdk) }
        #expect(notZip?.kind == .usage && notZip?.code == .corruptArchive)

        let good = try zip(Self.hybrid)
        defer { try? FileManager.default.removeItem(atPath: good.dir) }
        // Bit 0 of the general purpose flags: in the first local header, or only in the central directory.
        var local = good.bytes
        local[6] |= 1
        let first = refusal { _ = try package(local, kind: .hybrid) }
        #expect(first?.kind == .usage && first?.message.contains("password-protected") == true)
        var central = good.bytes
        let cd = try #require(central.indices.last { i in i + 4 <= central.count && central[i..<(i + 4)] == Data([0x50, 0x4B, 0x01, 0x02]) })
        central[cd + 8] |= 1
        let last = refusal { _ = try package(central, kind: .hybrid) }
        #expect(last?.kind == .usage && last?.message.contains("password-protected") == true)

        // A central directory that declares more entries than it holds.
        var cut = good.bytes
        let end = try #require(cut.indices.last { i in i + 4 <= cut.count && cut[i..<(i + 4)] == Data([0x50, 0x4B, 0x05, 0x06]) })
        cut[end + 10] += 1
        let unreadable = refusal { _ = try package(cut, kind: .mdk) }
        #expect(unreadable?.kind == .usage && unreadable?.code == .corruptArchive)
    }

    @Test func platformsGivenAreKnownAndOnce() throws {
        try AppUpdatePackage.checkPlatforms(["ios"], known: ["android", "ios"])
        #expect(refusal { try AppUpdatePackage.checkPlatforms(["windows"], known: ["android", "ios"]) }?.kind == .usage)
        #expect(refusal { try AppUpdatePackage.checkPlatforms(["ios", "ios"], known: ["android", "ios"]) }?.kind == .usage)
        #expect(refusal { try AppUpdateClient.checkTargets([]) }?.kind == .usage)
        #expect(refusal { try AppUpdateClient.checkTargets([AppUpdateRevisions(platform: "ios", revisions: [-2])]) }?.kind == .usage)
    }

    // MARK: Requests

    @Test func deployStreamsTheFixturesMultipartBody() throws {
        let files = try zip(Self.hybrid)
        defer { try? FileManager.default.removeItem(atPath: files.dir) }
        let received = Received()
        let fake = FakeTransport([reading(201, try fixture("deploy-response.json"), into: received)])
        let result = try client(fake).deploy(try package(files.bytes, kind: .hybrid), boundary: "hubctl-fixture-boundary")

        let expected = try requestFixture("deploy-request.http", crlf: true)
        let elided = Data("<the zip file's bytes, elided>".utf8)
        var body = expected.body
        body.replaceSubrange(try #require(body.range(of: elided)), with: files.bytes)
        let request = try #require(fake.requests.first)
        try expectMatches(request, (expected.method, expected.url, expected.headers, body), body: try #require(received.bodies.first))
        // The exact length was announced before the first byte: no chunked upload.
        guard case .stream(let length?, _)? = request.body else { Issue.record("not streamed"); return }
        #expect(length == Int64(body.count))
        #expect(!request.idempotent)

        #expect(result.newVersion == AppUpdateVersion(revision: -1, requiredKapselVersion: "4.5", developmentVersion: "1.4.0", description: "ci-1234 build 57"))
        #expect(result.currentVersion?.revision == 2 && result.currentVersion?.developmentVersion == "1.3.2")
        let sha256 = try files.bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        #expect(result.bytes == Int64(files.bytes.count) && result.sha256 == sha256)
    }

    @Test func aCSRFRetrySendsTheWholeBodyAgain() throws {
        let files = try zip(["bundle.js": "x"])
        defer { try? FileManager.default.removeItem(atPath: files.dir) }
        let received = Received()
        let fake = FakeTransport([reading(403, into: received, headers: [HTTPHeader("X-CSRF-Token", "Required")]),
                                  response(200, "[]", headers: [HTTPHeader("X-CSRF-Token", "t0k3n")]),
                                  reading(201, "", into: received)])
        let result = try client(fake).deploy(try package(files.bytes, kind: .mdk))
        #expect(received.bodies.count == 2 && received.bodies[0] == received.bodies[1])
        #expect(fake.requests[2].headers.contains(HTTPHeader("X-CSRF-Token", "t0k3n")))
        #expect(result.newVersion == nil && result.bytes == Int64(files.bytes.count))
    }

    @Test func anUploadAnsweredEarlyOrMalformedSaysWhatMayBeLeft() throws {
        let files = try zip(["bundle.js": "x"])
        defer { try? FileManager.default.removeItem(atPath: files.dir) }
        let early = refusal { _ = try client(FakeTransport([response(201, "")])).deploy(try package(files.bytes, kind: .mdk)) }
        #expect(early?.code == .connectionLost && early?.message.contains("app version list ci-1234") == true)
        let received = Received()
        let garbage = refusal { _ = try client(FakeTransport([reading(201, "<html>ok</html>", into: received)])).deploy(try package(files.bytes, kind: .mdk)) }
        #expect(garbage?.kind == .data && garbage?.message.contains("A pending version may have been stored") == true)
    }

    @Test func promoteAllPendingIsTheFixturesBody() throws {
        let fake = FakeTransport([response(200, try fixture("promote-response.json"))])
        let result = try client(fake).promote([AppUpdateRevisions(platform: "android", revisions: [-1]), AppUpdateRevisions(platform: "ios", revisions: [-1])])
        let request = try #require(fake.requests.first)
        try expectMatches(request, try requestFixture("promote-request-all.http"), body: try #require(request.bodyBytes))
        #expect(result == AppUpdatePromoteResult(current: [("android", 4), ("ios", 3)], message: nil))

        let staged = FakeTransport([response(200, try fixture("promote-response-message.json"))])
        let message = try client(staged).promote([AppUpdateRevisions(platform: "android", revisions: [3])], from: .staged)
        #expect(staged.requests[0].url.hasSuffix("/KapselApp/ci-1234/promoteStaged"))
        #expect(message == AppUpdatePromoteResult(current: [], message: "No pending version to promote for ci-1234."))
    }

    @Test func deletePendingIsTheFixturesRequestAndDeleteTakesAPlatform() throws {
        let fake = FakeTransport([response(200)])
        try client(fake).deletePending([AppUpdateRevisions(platform: "android", revisions: [4, 5]), AppUpdateRevisions(platform: "ios", revisions: [3])])
        let request = try #require(fake.requests.first)
        try expectMatches(request, try requestFixture("delete-pending-request.http"), body: try #require(request.bodyBytes))

        let deletes = FakeTransport([response(204), response(404)])
        #expect(try client(deletes).delete(platform: "android"))
        #expect(try client(deletes).delete() == false)
        #expect(deletes.requests.map(\.method) == ["DELETE", "DELETE"])
        #expect(deletes.requests[0].url == base + "/app/ci-1234/service/app-update/Admin/kapsel/jaxrs/KapselApp/ci-1234/android")
        #expect(deletes.requests[1].url == base + "/app/ci-1234/service/app-update/Admin/kapsel/jaxrs/KapselApp/ci-1234")
    }

    // MARK: Answers

    @Test func theDetailsAreRead() throws {
        let fake = FakeTransport([response(200, try fixture("details-response.json"))])
        let platforms = try client(fake).details()
        #expect(fake.requests[0].method == "GET" && fake.requests[0].url == base + "/app/ci-1234/service/app-update/Admin/kapsel/jaxrs/KapselApp/ci-1234")
        #expect(platforms.map(\.platform) == ["android", "ios"])
        #expect(platforms[0].current == AppUpdateVersion(revision: 2, lastModified: Date(timeIntervalSince1970: 1_767_222_000)))
        #expect(platforms[0].staged?.revision == 3 && platforms[0].pending.map(\.revision) == [4, 5])
        #expect(platforms[1].current?.revision == 2 && platforms[1].staged == nil && platforms[1].pending.isEmpty)
    }

    @Test func malformedAnswersAreRefused() throws {
        let details: [String] = [
            #"{"platform": "android"}"#,
            #"[{"platform": "../x", "currentVersion": {"revision": 1}}]"#,
            #"[{"platform": "android"}, {"platform": "android"}]"#,
            #"[{"currentVersion": {"revision": 1}}]"#,
            #"[{"platform": "android", "currentVersion": {"revision": "2"}}]"#,
            #"[{"platform": "android", "currentVersion": {"revision": 2.5}}]"#,
            #"[{"platform": "android", "pendingVersions": [{"revision": -2}]}]"#,
            #"[{"platform": "android", "pendingVersions": {"revision": 4}}]"#,
            #"[{"platform": "android", "stagedVersion": 3}]"#,
            "[" + Array(repeating: #"{"platform": "p"}"#, count: 65).joined(separator: ",") + "]",
        ]
        for body in details {
            let error = refusal { _ = try client(FakeTransport([response(200, body)])).details() }
            #expect(error?.kind == .data && error?.code == .malformedResponse, "\(body.prefix(80))")
        }
        for body in [#"{"status": "ok"}"#, #"[{"platform": "a/b", "currentVersion": {"revision": 1}}]"#, "7"] {
            let error = refusal { _ = try client(FakeTransport([response(200, body)])).promote([AppUpdateRevisions(platform: "ios", revisions: [-1])]) }
            #expect(error?.kind == .data && error?.code == .malformedResponse, "\(body)")
        }
        let deployed = refusal { _ = try AppUpdateAnswer.deployed(Data(#"{"newVersion": {"revision": null}}"#.utf8)) }
        #expect(deployed?.code == .malformedResponse)
    }

    /// SAP's MDK CLI reads the upload's answer as a list of platforms whose last item has
    /// `pendingVersions[].revision` (@sap/mdk-tools deploy-ms.js 768-842, as issue #50 quotes it,
    /// not re-read here): hubctl reads that shape as well as DEPLOY's object.
    @Test func theUploadsAnswerAsTheMDKCLIReadsItIsAListOfPlatforms() throws {
        let answer = try AppUpdateAnswer.deployed(Data(#"[{"platform": "AppModeler", "pendingVersions": [{"revision": 3}]}]"#.utf8))
        #expect(answer.new == nil && answer.current == nil)
        #expect(answer.platforms.map(\.platform) == ["AppModeler"])
        #expect(answer.platforms.first?.pending.map(\.revision) == [3])
    }

    @Test func loginsAndRefusalsAreTheAdminAPIs() throws {
        let (status, headers) = try httpFixtureHead("app-update/login-request-response.http")
        let login = refusal { _ = try client(FakeTransport([response(status, "", headers: headers)])).details() }
        #expect(login?.kind == .permission && login?.code == .loginRequired)
        #expect(refusal { _ = try client(FakeTransport([response(401)])).details() }?.code == .authFailed)
        #expect(refusal { _ = try client(FakeTransport([response(403)])).details() }?.code == .forbidden)
        let missing = refusal { _ = try client(FakeTransport([response(404)])).details() }
        #expect(missing?.kind == .noInput && missing?.message.contains("App Update feature") == true)
    }

    // MARK: Streaming

    @Test func theMultipartReaderPassesTheTransportsBufferOn() throws {
        let multipart = try MultipartUpload(field: "file", filename: "f.zip", type: "application/octet-stream", boundary: "b")
        var asked: [Int] = [], produced = 0
        let total = 1000
        let content: BodyReader = { buffer in
            asked.append(buffer.count)
            let n = min(buffer.count, total - produced)
            for i in 0..<n { buffer[i] = UInt8((produced + i) & 0xFF) }
            produced += n
            return n
        }
        let read = MultipartUpload.reader(preamble: multipart.preamble, content: content, epilogue: multipart.epilogue)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
        defer { buffer.deallocate() }
        var out = Data()
        while case let n = try read(buffer), n > 0 { out.append(contentsOf: buffer[0..<n]) }
        // The file's reader only ever gets the transport's buffer, never a larger one of its own.
        #expect(asked.allSatisfy { $0 <= 64 } && !asked.isEmpty)
        let file = Data((0..<total).map { UInt8($0 & 0xFF) })
        #expect(out == multipart.preamble + file + multipart.epilogue)
        #expect(Int64(out.count) == multipart.length(of: Int64(total)))
    }

    @Test func aLargePackageIsStreamedNotHeld() throws {
        // 256 MiB of a sparse file: sent whole (its digest too) while the process's peak resident
        // memory grows by far less than the file (a body held in memory would add all of it).
        let size: Int64 = 256 << 20
        let path = NSTemporaryDirectory() + "au-large-\(UUID().uuidString).zip"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        let input = try InputFile.open(path: path, limit: size, until: nil)
        let package = AppUpdatePackage(kind: .mdk, source: .file(input), platforms: [])

        let counted = Mutex<(bytes: Int64, largest: Int)>((0, 0))
        let fake = FakeTransport([{ request in
            try? drain(request, piece: 64 << 10) { piece in counted.withLock { $0.bytes += Int64(piece.count); $0.largest = max($0.largest, piece.count) } }
            return HTTPResponse(status: 201, headers: [], body: Data(), effectiveURL: request.url)
        }])
        let before = Self.peakResidentBytes()
        let result = try client(fake).deploy(package, boundary: "b")
        let growth = Self.peakResidentBytes() - before
        let multipart = try MultipartUpload(field: "file", filename: AppUpdateClient.packageFilename, type: "application/octet-stream", boundary: "b")
        #expect(counted.withLock { $0.bytes } == multipart.length(of: size) && result.bytes == size)
        #expect(counted.withLock { $0.largest } <= 64 << 10)
        #expect(growth < 64 << 20, "peak resident memory grew by \(growth) bytes for a \(size)-byte package")
    }

    /// The process's peak resident set (getrusage's `ru_maxrss`, KiB on Linux), in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}

/// The App Update room reuses what exists: its requests go through the Admin API's session
/// (`MobileServicesAdmin.exchange`: credentials, CSRF retry, login reading) and its zips are read
/// by `bundle publish`'s reader (`ZipEncryption`); no file there builds a request or reads a zip
/// record of its own.
@Suite struct AppUpdateRoomTests {
    @Test func requestsAndZipsGoThroughTheSharedCode() throws {
        let room = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HubServices/AppUpdate")
        let files = try FileManager.default.contentsOfDirectory(atPath: room.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 4)
        let banned = ["HTTPRequest(", "http.send(", ".send(", "followsRedirects", "isSAMLLoginPage", "X-CSRF-Token",
                      "0x0201_4B50", "0x0605_4B50", "0x0403_4B50", "0x02014b50", "0x06054b50", "archive_read"]
        for file in files {
            let text = try String(contentsOf: room.appendingPathComponent(file), encoding: .utf8)
            for word in banned where text.contains(word) {
                Issue.record("AppUpdate/\(file): `\(word)` — App Update sends through MobileServicesAdmin.exchange and reads zips with ZipEncryption")
            }
        }
    }
}
