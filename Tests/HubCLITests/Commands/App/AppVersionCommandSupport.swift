// What the `app version …` command tests share: a scripted App Update API (the cockpit's
// …/KapselApp/<APP_ID> routes, docs/protocol.md §17.10) in this process, reached with Basic on a
// given --admin-api (no Cloud Foundry), its request log; packages made with Python's zipfile.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import HubTransport
import Synchronization
import Testing

/// One application's App Update: per platform the current revision and the pending ones.
final class FakeAppUpdate: HTTPTransport, Sendable {
    struct Platform {
        var current: Int?
        var pending: [Int] = []
        var next = 1
    }
    struct State {
        var platforms: [String: Platform] = [:]
        /// The platforms a deploy adds a pending revision to.
        var deployTo: [String] = ["android", "ios"]
        /// After storing, answer the upload with this status instead of 201 (an error after the body was sent).
        var failAfterStore: Int?
        /// Before storing this deploy's revisions, add one more pending revision on each platform (another run).
        var concurrentUpload = false
        var requests: [String] = []
        var bodies: [String] = []
        /// The file part of the last upload.
        var uploaded = Data()
        var headers: [[HTTPHeader]] = []
    }
    static let base = "https://mobile-service-cockpit-api.cfapps.test/cockpit/v1/org/org-g/space/space-g"
    static let app = "ci-ver"
    static var url: String { base + "/app/\(app)/service/app-update/Admin/kapsel/jaxrs/KapselApp/\(app)" }
    let state = Mutex(State())

    var requests: [String] { state.withLock { $0.requests } }
    var bodies: [String] { state.withLock { $0.bodies } }
    var factory: TransportFactory { { [self] _ in self } }

    func set(_ platform: String, current: Int? = nil, pending: [Int] = []) {
        state.withLock { $0.platforms[platform] = Platform(current: current, pending: pending, next: ([current ?? 0] + pending).max()! + 1) }
    }

    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }

    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        // The streamed body, read as libcurl would, outside the lock.
        var body = Data()
        switch request.body {
        case .stream(_, let open)?:
            let read = try open()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
            defer { buffer.deallocate() }
            while case let n = try read(buffer), n > 0 { body.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
        case .bytes(let data)?: body = data
        case nil: break
        }
        return state.withLock { s in
            s.requests.append(request.method + " " + request.url)
            s.headers.append(request.headers)
            if request.bodyBytes != nil { s.bodies.append(String(decoding: body, as: UTF8.self)) }
            func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
                HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")],
                             body: (try? JSONOutput.encode(value, pretty: false)) ?? Data(), effectiveURL: request.url)
            }
            guard request.credentials?.user == "ci-user" else { return json(401, .object(["message": .string("no credentials")])) }
            guard request.url.hasPrefix(Self.url) else { return json(404, .object(["message": .string("no such app")])) }
            let action = String(request.url.dropFirst(Self.url.count))
            let sent = (try? JSONValue.read(body))?.fakeList ?? []
            switch (request.method, action) {
            case ("GET", ""):
                return json(200, .array(s.platforms.keys.sorted().map { name in
                    let p = s.platforms[name]!
                    return .members(["platform": .string(name), "currentVersion": p.current.map { .object(["revision": .int(Int64($0)), "lastModified": .int(1_767_222_000_000)]) },
                                     "pendingVersions": .array(p.pending.map { .object(["revision": .int(Int64($0)), "lastModified": .int(1_767_223_200_000)]) })])
                }))
            case ("POST", ""):
                // The file part: between the part's blank line and the closing boundary.
                if let start = body.range(of: Data("\r\n\r\n".utf8)), let end = body.range(of: Data("\r\n--".utf8), options: .backwards) {
                    s.uploaded = body[start.upperBound..<end.lowerBound]
                }
                for name in s.deployTo {
                    var p = s.platforms[name] ?? Platform()
                    if s.concurrentUpload { p.pending.append(p.next); p.next += 1 }
                    p.pending.append(p.next)
                    p.next += 1
                    s.platforms[name] = p
                }
                if let status = s.failAfterStore { return json(status, .object(["message": .string("store failed late")])) }
                return json(201, .object(["newVersion": .object(["revision": .int(-1)]), "currentVersion": .object(["revision": .int(1)])]))
            case ("PUT", "/promotePending"):
                var answer: [JSONValue] = []
                for item in sent {
                    let name = item["platform"]?.stringValue ?? "", revision = item["revisions"]?.fakeList?.first?.fakeInt ?? -9
                    guard var p = s.platforms[name], p.pending.contains(revision) else { return json(400, .object(["message": .string("not pending")])) }
                    p.pending.removeAll { $0 == revision }
                    p.current = revision
                    s.platforms[name] = p
                    answer.append(.object(["platform": .string(name), "currentVersion": .object(["revision": .int(Int64(revision))])]))
                }
                return json(200, .array(answer))
            case ("POST", "/deletePendings"):
                guard request.headers.contains(where: { $0.name == "X-HTTP-METHOD" && $0.value == "DELETE" }) else { return json(405, .object([:])) }
                for item in sent {
                    let name = item["platform"]?.stringValue ?? ""
                    let revisions = (item["revisions"]?.fakeList ?? []).compactMap(\.fakeInt)
                    s.platforms[name]?.pending.removeAll { revisions.contains($0) }
                }
                return json(200, .array([]))
            case ("DELETE", ""):
                s.platforms = [:]
                return json(200, .object([:]))
            case ("DELETE", let p) where p.hasPrefix("/"):
                let name = String(p.dropFirst())
                guard s.platforms.removeValue(forKey: name) != nil else { return json(404, .object([:])) }
                return json(200, .object([:]))
            default:
                return json(404, .object(["message": .string("no route \(request.method) \(action)")]))
            }
        }
    }
}

/// A bench with the Admin API password in a file, and a fresh fake App Update.
func appVersionBench() async throws -> (CommandBench, FakeAppUpdate) {
    let bench = try CommandBench(emulator: try await InProcessEmulator.start())
    try Data("fake-password-for-tests-only\n".utf8).write(to: URL(fileURLWithPath: bench.root + "/admin-password"))
    return (bench, FakeAppUpdate())
}

extension CommandBench {
    /// `hubctl app version ARGS` against `fake`, Basic on its --admin-api.
    func version(_ arguments: [String], _ fake: FakeAppUpdate, stdin: String = "") async -> CommandResult {
        await run(["app", "version"] + arguments + ["--admin-api", FakeAppUpdate.base, "--admin-user", "ci-user", "--admin-password-file", root + "/admin-password"],
                  stdin: stdin, transport: fake.factory)
    }

    /// A zip at ROOT/NAME holding `entries` (path → text), made with Python's zipfile.
    func zip(_ name: String, _ entries: [String: String]) throws -> String {
        let path = root + "/" + name
        let script = """
        import json, sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
            for k, v in sorted(json.loads(sys.argv[2]).items()):
                z.writestr(k, v)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path, String(decoding: try JSONOutput.encode(JSONValue.object(entries.mapValues(JSONValue.string)), pretty: false), as: UTF8.self)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandTestError("python3 could not make \(name)") }
        return path
    }

    /// A hybrid app's tree at ROOT/NAME: android/ and ios/, each with config.xml and www/index.html.
    func hybridTree(_ name: String) throws -> String {
        let dir = root + "/" + name
        for platform in ["android", "ios"] {
            try FileManager.default.createDirectory(atPath: dir + "/\(platform)/www", withIntermediateDirectories: true)
            try Data("<widget id=\"ci\"/>".utf8).write(to: URL(fileURLWithPath: dir + "/\(platform)/config.xml"))
            try Data("<html>\(platform)</html>".utf8).write(to: URL(fileURLWithPath: dir + "/\(platform)/www/index.html"))
        }
        return dir
    }
}

/// The SHA-256 of `data`, hex.
func sha256Hex(_ data: Data) throws -> String { try data.withUnsafeBytes { try SHA256Digest.hex(of: $0) } }

fileprivate extension JSONValue {
    var fakeList: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var fakeInt: Int? { if case .int(let i) = self { Int(i) } else { nil } }
}
