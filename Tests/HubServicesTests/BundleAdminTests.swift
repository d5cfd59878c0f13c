// The Client Resources admin client (docs/protocol.md §19): SAP's addresses and create body, the
// list read in the shape of Tests/Fixtures/sap/bundles-admin/list-response.json and in OData V2's
// `d.results` too (read tolerantly), a failed upload that removes the entity it created, and
// prune's order (newest first, never the default).

import Foundation
import HubCore
import Testing
@testable import HubBundles
@testable import HubServices
@testable import HubTransport

@Suite struct BundleAdminTests {
    let credentials = PushBackendCredentials(url: "https://ms.example.com", auth: .apiKey(alias: "ci", key: "secret-key"))
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/bundles-admin")

    @Test func theFixturesListIsRead() throws {
        let body = try String(contentsOf: fixtures.appendingPathComponent("list-response.json"), encoding: .utf8)
        let fake = FakeTransport([response(200, body)])
        let admin = BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil)
        let list = try admin.list(appId: "com.example.demo")
        #expect(list.map(\.id) == ["profile:40", "profile:41"])
        #expect(list.map(\.isDefault) == [false, true])
        let url = try #require(fake.requests.first?.url)
        #expect(url.hasPrefix("https://ms.example.com/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles?$filter="))
        #expect(fake.requests.first?.headers.contains(HTTPHeader("X-API-Key", "secret-key")) == true)
        let v2 = FakeTransport([response(200, #"{"d": {"results": [{"BundleName": "a", "BundleVersion": "1", "IsDefault": "true"}]}}"#)])
        #expect(try BundleAdmin(credentials: credentials, transport: v2, tokenCache: nil).list(appId: "x").map(\.isDefault) == [true])
    }

    @Test func theCreateBodyIsSAPsEntity() throws {
        let fake = FakeTransport([response(201, "{}"), response(409, "{}")])
        let admin = BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil)
        let id = try BundleId(name: "profile", version: "41")
        #expect(try admin.create(appId: "com.example.demo", id, fileExtension: "zip", isDefault: true))
        #expect(try !admin.create(appId: "com.example.demo", id, fileExtension: "zip", isDefault: true))
        let sent = try JSONValue.read(try #require(fake.requests.first?.bodyBytes))
        let expected = try JSONValue.read(Data(contentsOf: fixtures.appendingPathComponent("create-request.json")))
        #expect(sent == expected)
    }

    @Test func aFailedUploadRemovesTheEntityItCreated() throws {
        let fake = FakeTransport([
            response(200, #"{"value": []}"#), response(201, "{}"),
            { _ in HTTPResponse(status: 500, headers: [], body: Data(), effectiveURL: "") },
            response(204),
        ])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        let source = try BundleSource.checked(try InputFile.spool(bytes: Data("%PDF".utf8), name: "x.pdf"))
        #expect {
            try publisher.publish(try BundleId(name: "p", version: "1"), source: source, fileExtension: "pdf", makeDefault: false, ifExists: .fail)
        } throws: { error in
            (error as? HubError)?.message.contains("was removed; nothing is left") == true
        }
        #expect(fake.requests.map(\.method) == ["GET", "POST", "PUT", "DELETE"])
        #expect(fake.requests[3].url.hasSuffix("ApplicationResourceBundles(ApplicationId='app',BundleName='p',BundleVersion='1')"))
    }

    /// The PUT's answer after reading the streamed body to its end, as a server does; `then` runs
    /// after the last byte.
    func drained(_ status: Int, then: @escaping () -> Void = {}) -> (HTTPRequest) -> HTTPResponse {
        { request in
            if case .stream(_, let open)? = request.body, let read = try? open() {
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
                defer { buffer.deallocate() }
                while let n = try? read(buffer), n > 0 {}
            }
            then()
            return HTTPResponse(status: status, headers: [], body: Data(), effectiveURL: request.url)
        }
    }

    @Test func theReportCarriesTheDigestOfTheFile() throws {
        let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let fake = FakeTransport([response(200, #"{"value": []}"#), response(201, "{}"), drained(204)])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        let source = try BundleSource.checked(try InputFile.spool(bytes: content, name: "x.bin"))
        let result = try publisher.publish(try BundleId(name: "p", version: "1"), source: source, fileExtension: "bin", makeDefault: false, ifExists: .fail)
        #expect(result.sha256 == (try content.withUnsafeBytes { try SHA256Digest.hex(of: $0) }))
        #expect(result.bytes == Int64(content.count))
        #expect(fake.requests.map(\.method) == ["GET", "POST", "PUT"])
    }

    /// The digest reads the file on its own: a file written to while it is sent is an error (65),
    /// and the entity this run created is removed.
    @Test func aFileWrittenToDuringTheUploadIsRefusedAndRemoved() throws {
        let path = NSTemporaryDirectory() + "bundle-\(UUID().uuidString).bin"
        defer { unlink(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: 100_000)))
        // Times in the past, so the write below changes them whatever the clock's granularity.
        var past = [timeval(tv_sec: 946_684_800, tv_usec: 0), timeval(tv_sec: 946_684_800, tv_usec: 0)]
        #expect(utimes(path, &past) == 0)
        let input = try InputFile.open(path: path, limit: 1 << 30, until: nil)
        let fake = FakeTransport([
            response(200, #"{"value": []}"#), response(201, "{}"),
            drained(204, then: {
                let handle = FileHandle(forWritingAtPath: path)
                handle?.write(Data(repeating: 2, count: 10))
                try? handle?.close()
            }),
            response(204),
        ])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        #expect {
            try publisher.publish(try BundleId(name: "p", version: "1"), source: try BundleSource.checked(input), fileExtension: "bin",
                                  makeDefault: true, ifExists: .fail)
        } throws: { error in
            guard let e = error as? HubError else { return false }
            return e.exitCode == 65 && e.message.contains("changed while it was being sent") && e.message.contains("was removed; nothing is left")
        }
        // No SetDefault: the entity is deleted instead.
        #expect(fake.requests.map(\.method) == ["GET", "POST", "PUT", "DELETE"])
    }

    /// A file cut shorter after it was opened: its reader stops with the file's name instead of
    /// ending the body early (which would leave the server waiting for the rest).
    @Test func aFileThatShrankStopsItsReader() throws {
        let path = NSTemporaryDirectory() + "bundle-\(UUID().uuidString).bin"
        defer { unlink(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 100_000)))
        let source = try BundleSource.checked(try InputFile.open(path: path, limit: 1 << 30, until: nil))
        #expect(truncate(path, 10_000) == 0)
        guard case .stream(let length, let open)? = Optional(source.body { _, _ in }) else { Issue.record("not a stream"); return }
        #expect(length == 100_000)
        let read = try open()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 8)
        defer { buffer.deallocate() }
        var total = 0
        #expect {
            while true { let n = try read(buffer); if n == 0 { break }; total += n }
        } throws: { error in
            (error as? HubError)?.code == .bundleMismatch && (error as? HubError)?.message.hasPrefix(path + " changed while it was being sent") == true
        }
        #expect(total == 10_000)
    }

    @Test func newestFirstByTimeThenByVersion() {
        let a = AdminBundle(name: "n", version: "9", created: "2026-01-01T00:00:00.000Z")
        let b = AdminBundle(name: "n", version: "10", created: "2026-01-01T00:00:00.000Z")
        let c = AdminBundle(name: "n", version: "1", created: "2026-02-01T00:00:00.000Z")
        #expect(BundlePublisher.newestFirst([a, b, c]).sorted.map(\.version) == ["1", "10", "9"])
    }

    /// Issue 48 item 12: times are instants, whatever their zone; one that is missing or cannot be
    /// read (while others have one) orders every version by version, and is named.
    @Test func timesAreComparedAsInstantsOrNotAtAll() {
        let utc = AdminBundle(name: "n", version: "1", created: "2026-03-01T08:00:00Z")
        let tokyo = AdminBundle(name: "n", version: "2", created: "2026-03-01T09:00:00+09:00")
        #expect(BundlePublisher.newestFirst([tokyo, utc]).sorted.map(\.version) == ["1", "2"])
        #expect(BundlePublisher.newestFirst([tokyo, utc]).untimed.isEmpty)
        let unreadable = AdminBundle(name: "n", version: "3", created: "last week")
        let missing = AdminBundle(name: "n", version: "4")
        let (sorted, untimed) = BundlePublisher.newestFirst([utc, unreadable, missing, tokyo])
        #expect(sorted.map(\.version) == ["4", "3", "2", "1"])
        #expect(untimed.map(\.bundleId) == ["n:3", "n:4"] && untimed.map(\.created) == ["last week", nil])
        #expect(BundlePublisher.newestFirst([missing, AdminBundle(name: "n", version: "10")]).untimed.isEmpty, "none has a time: nothing to say")
    }

    /// Issue 48 item 6: a listed name or version that cannot be an address is 65 where the list
    /// is read; prune sends no delete.
    @Test func aListedVersionThatCannotBeAnAddressIsRefusedWhereRead() throws {
        let list = #"{"value": [{"BundleName": "p", "BundleVersion": "2"}, {"BundleName": "p", "BundleVersion": ".."}]}"#
        let fake = FakeTransport([response(200, list)])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        #expect {
            _ = try publisher.prune(name: "p", keep: 1, dryRun: false)
        } throws: { error in
            (error as? HubError)?.exitCode == 65 && (error as? HubError)?.code == .malformedResponse
        }
        #expect(fake.requests.map(\.method) == ["GET"])
    }

    /// Issue 48 item 24: a delete that fails is reported and the others are still tried.
    @Test func pruneGoesOnPastAFailedDelete() throws {
        let list = #"{"value": [{"BundleName": "p", "BundleVersion": "3"}, {"BundleName": "p", "BundleVersion": "2"}, {"BundleName": "p", "BundleVersion": "1"}]}"#
        let fake = FakeTransport([response(200, list), response(409, "{}"), response(204)])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        let result = try publisher.prune(name: "p", keep: 1, dryRun: false)
        #expect(result.kept == ["p:3"] && result.deleted == ["p:1"])
        #expect(result.failed.map(\.bundleId) == ["p:2"])
        #expect(fake.requests.map(\.method) == ["GET", "DELETE", "DELETE"])
    }

    /// Issue 48 item 20: a 2xx before the body was read to its end is the server's doing (69), not
    /// a file that changed; the entity this run created is removed.
    @Test func anAnswerBeforeTheWholeBodyIs69() throws {
        let content = Data(repeating: 5, count: 300_000)
        let fake = FakeTransport([response(200, #"{"value": []}"#), response(201, "{}"), response(201, "{}"), response(204)])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        let source = try BundleSource.checked(try InputFile.spool(bytes: content, name: "x.bin"))
        #expect {
            try publisher.publish(try BundleId(name: "p", version: "1"), source: source, fileExtension: "bin", makeDefault: false, ifExists: .fail)
        } throws: { error in
            guard let e = error as? HubError else { return false }
            return e.exitCode == 69 && e.message.contains("before receiving the whole bundle") && e.message.contains("was removed")
        }
        #expect(fake.requests.map(\.method) == ["GET", "POST", "PUT", "DELETE"])
    }

    @Test func namesSAPRefusesAreRefusedHere() {
        for bad in ["a:b", "a?b", "a#b", "a%b", "a/b", ".", "..", ""] {
            #expect(throws: HubError.self) { try BundleId(name: bad, version: "1") }
        }
        #expect(throws: HubError.self) { try BundleId(parsing: "noversion") }
        #expect((try? BundleId(parsing: "name:1.0"))?.version == "1.0")
    }
}
