// The client services against the scripted fake transport: the platform probe, push's 409 path,
// the log format check and the splitting on line boundaries, the usage report's shape.
import Foundation
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport

@Suite struct ClientServicesTests {
    let home = NSTemporaryDirectory() + "cs-\(UUID().uuidString)"

    func context(_ fake: FakeTransport, platform: Platform = .mobileServices, configured: String = "auto") -> ClientServiceContext {
        var config = ConnectionConfig(server: "http://127.0.0.1:9", appId: "com.example.demo", user: "demo")
        config.platform = configured
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        let connections = ConnectionService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home)
        let registration = Registration(server: config.server, appId: config.appId, user: "demo", applicationConnectionId: "dev-1",
                                        apiVersion: "v1", anonymous: false, securityConfiguration: nil)
        return ClientServiceContext(connections: connections, registration: registration, platform: platform)
    }

    static let line = "#2024-07-01T17:16:08.637+02:00#INFO#c#s#l#message#"

    @Test func probeTellsMobileServicesFromSMP3() throws {
        let ms = FakeTransport([response(200, #"{"registration": ["v1"]}"#)])
        #expect(try PlatformDiscovery.resolve(context(ms).session) == .mobileServices)
        #expect(ms.requests.first?.url == "http://127.0.0.1:9/mobileservices/management/versions")
        #expect(try PlatformDiscovery.resolve(context(FakeTransport([response(404)])).session) == .smp3)
        #expect(throws: HubError.self) { try PlatformDiscovery.resolve(context(FakeTransport([response(200, "<html/>")])).session) }
        #expect(throws: HubError.self) { try PlatformDiscovery.resolve(context(FakeTransport([response(503)])).session) }
        let pinned = FakeTransport([])
        #expect(try PlatformDiscovery.resolve(context(pinned, configured: "smp3").session) == .smp3)
        #expect(pinned.requests.isEmpty)
    }

    @Test func pushCreateConflictUpdates() throws {
        let fake = FakeTransport([response(409), response(204)])
        let r = try PushService(context: context(fake)).register(PushRegistration(os: .android, token: "t", group: "g"))
        #expect(r.action == .updated)
        #expect(fake.requests.map(\.method) == ["POST", "PUT"])
        #expect(fake.requests[0].url == "http://127.0.0.1:9/mobileservices/push/v1/runtime/applications/com.example.demo/os/android/devices/dev-1")
        let body = try JSONDecoder().decode(JSONValue.self, from: fake.requests[1].bodyBytes ?? Data())
        #expect(body == .object(["pushToken": .string("t"), "pushGroup": .string("g")]))
        let notConfigured = FakeTransport([response(404)])
        #expect(throws: HubError.self) { try PushService(context: context(notConfigured)).register(PushRegistration(os: .ios, token: "t")) }
    }

    @Test func logLinesAreChecked() {
        func problem(_ line: String) -> String? {
            Data(line.utf8).withUnsafeBytes { buffer in
                switch LogFormat.check(buffer) { case .success: nil; case .failure(let p): "\(p)" }
            }
        }
        #expect(problem(Self.line) == nil)
        #expect(problem("#2024-07-01T17:16:08Z#FATAL##src#loc#a \\# escaped#") == nil)
        #expect(problem("#2024-07-01T17:16:08.637+0200#WARN#c#s#l#m#") == nil)
        #expect(problem("") == "blank")
        #expect(problem("2024-07-01T17:16:08Z#INFO#c#s#l#m#") == "notDelimited")
        #expect(problem("#2024-07-01T17:16:08Z#INFO#c#s#l#m#extra#") == "fieldCount")
        #expect(problem("#2024-07-01T17:16:08Z#INFO#c#s#l#m # unescaped#") == "fieldCount")
        #expect(problem("#yesterday#INFO#c#s#l#m#") == "date")
        #expect(problem("#2024-07-01T17:16:08#INFO#c#s#l#m#") == "date", "a time zone is required")
        #expect(problem("#2024-07-01T17:16:08Z#info#c#s#l#m#") == "severity")
    }

    @Test func planSplitsOnLineBoundariesAndFilters() throws {
        let lines = (0..<10).map { i in "#2024-07-01T17:16:08Z#\(i % 2 == 0 ? "DEBUG" : "ERROR")#c\(i)#s#l#m#" }
        let text = lines.joined(separator: "\n") + "\n"
        let lineBytes = Int64(lines[0].utf8.count + 1)
        let plan = try LogFormat.plan(.bytes(Data(text.utf8)), maximumBytes: lineBytes * 3, minimum: nil)
        #expect(plan.chunks.map(\.lines) == [3, 3, 3, 1])
        #expect(plan.sentBytes == Int64(text.utf8.count))
        #expect(plan.chunks.map(\.start) == [0, 3 * lineBytes, 6 * lineBytes, 9 * lineBytes])
        let filtered = try LogFormat.plan(.bytes(Data(text.utf8)), maximumBytes: lineBytes * 2, minimum: .error)
        #expect(filtered.chunks.map(\.lines) == [2, 2, 1])
        #expect(filtered.sentLines == 5)
        #expect(filtered.totalLines == 10)
        // A line that alone exceeds the cap cannot be split.
        #expect(throws: HubError.self) { try LogFormat.plan(.bytes(Data(text.utf8)), maximumBytes: 10, minimum: nil) }
        // The last line needs no newline; a bad one is named by number.
        #expect(try LogFormat.plan(.bytes(Data(lines[1].utf8)), maximumBytes: 1000, minimum: nil).sentLines == 1)
        do {
            _ = try LogFormat.plan(.bytes(Data((text + "oops\n").utf8)), maximumBytes: 1000, minimum: nil)
            Issue.record("a bad line was accepted")
        } catch let error as HubError {
            #expect(error.code == .invalidLogLine)
            #expect(error.message.hasPrefix("Line 11 of stdin"))
        }
    }

    @Test func filteredChunksStreamOnlyTheKeptLines() throws {
        let lines = (0..<6).map { i in "#2024-07-01T17:16:08Z#\(i % 3 == 0 ? "ERROR" : "INFO")#c\(i)#s#l#m#" }
        let text = lines.joined(separator: "\n") + "\n"
        let path = NSTemporaryDirectory() + "log-\(UUID().uuidString).log"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try InputFile.open(path: path, limit: 1 << 20, until: nil)
        let plan = try LogFormat.plan(.file(input), maximumBytes: 1 << 20, minimum: .error)
        #expect(plan.chunks.count == 1)
        let reader = try LogChunkReader(source: .file(input), chunk: plan.chunks[0], minimum: .error, prefix: Data("P".utf8), suffix: Data("S".utf8))
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 7)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        #expect(String(decoding: out, as: UTF8.self) == "P" + lines[0] + "\n" + lines[3] + "\n" + "S")
        #expect(Int64(out.count) == plan.chunks[0].bytes + 2)
    }

    @Test func usageReportShape() throws {
        // SAP's required members (the whole example: ClientServicesSAPShapesTests).
        let head = #""report": "r", "appInfo": {"application": "a"}, "deviceInfo": {"deviceID": "d"}"#
        let session = #"{"sessionInfo": {"sessionId": "s"}, "events": [{"time": "2014-07-02T12:01:49.178+03"}, {"time": "t"}]}"#
        let counts = try UsageService.check(Data("{\(head), \"sessions\": [\(session), {\"sessionInfo\": {\"sessionId\": \"s2\"}, \"events\": []}]}".utf8), source: "x")
        #expect(counts.sessions == 2)
        #expect(counts.events == 2)
        for bad in [#"[]"#, #"{"report": 1, "sessions": []}"#, #"{"sessions": {}}"#, #"{"sessions": [{"events": [1]}]}"#, #"{}"#,
                    #"{"report": {"version": "1"}, "appInfo": {}, "deviceInfo": {}, "sessions": [{"events": [{"type": "start"}]}]}"#,
                    "{\(head), \"sessions\": [{\"sessionInfo\": {\"sessionId\": \"s\"}, \"events\": [{\"type\": \"no time\"}]}]}"] {
            #expect(throws: HubError.self, "\(bad)") { try UsageService.check(Data(bad.utf8), source: "x") }
        }
    }

    @Test func capabilitiesParse() throws {
        #expect(try Capability.parse("push:Module=Orders=x") == .object(["Category": .string("push"), "CapabilityName": .string("Module"),
                                                                         "CapabilityValue": .string("Orders=x")]))
        #expect(throws: HubError.self) { try Capability.parse("Module=Orders") }
        #expect(throws: HubError.self) { try Capability.parse(":Module=Orders") }
    }

    @Test func policiesAreTyped() {
        #expect(PolicyService.typed(.object(["a": .string("true"), "b": .string("12"), "c": .string("NONE"), "d": .string("08")]))
                == .object(["a": .bool(true), "b": .int(12), "c": .string("NONE"), "d": .string("08")]))
    }
}
