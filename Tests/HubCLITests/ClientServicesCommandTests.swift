// The client-service commands in-process against the in-process emulator (fast paths).

import Foundation
import HubCLI
import HubCore
import Testing

/// `InProcessEmulator.control` blocks its thread (libcurl), and the in-process server needs the
/// cooperative pool's few threads: control calls run on a thread of their own here.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
        Thread { done.resume(with: Result { try work() }) }.start()
    }
}

@Suite("Client services in-process", .serialized)
struct ClientServicesCommandTests {
    static let line = "#2024-07-01T17:16:08.637+02:00#INFO#corr#src#loc#hello#"

    func registeredBench(platform: String = "mobile-services") async throws -> CommandBench {
        let emulator = try await InProcessEmulator.start()
        let put = try await offPool { try emulator.control("PUT", "/_emulator/platform", json: #"{"platform": "\#(platform)"}"#) }
        #expect(put.status == 200, "\(put)")
        let bench = try CommandBench(emulator: emulator)
        let r = await bench.run(["register"])
        #expect(r.exitCode == 0, "\(r)")
        return bench
    }

    func received(_ bench: CommandBench) async throws -> JSONValue? {
        let emulator = bench.emulator
        let body = try await offPool { try emulator.control("GET", "/_emulator/received").body }
        return try JSONDecoder().decode(JSONValue.self, from: body)
    }

    @Test func logsFromStdinGoThroughTheInputSource() async throws {
        let bench = try await registeredBench()
        let r = await bench.run(["logs", "upload", "-"], stdin: Self.line + "\n" + Self.line + "\n")
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["lines"] == .int(2))
        #expect(r.json?["source"] == .string("stdin"))
        #expect(r.json?["platform"] == .string("mobile-services"))
        guard case .array(let logs)? = try await received(bench)?["logs"] else { Issue.record("no logs record"); return }
        #expect(logs.count == 1)
        #expect(logs.first?["lines"] == .int(2))
    }

    @Test func badSizeAndMissingFileAreRefusedBeforeAnyRequest() async throws {
        let bench = try await registeredBench()
        let size = await bench.run(["logs", "upload", "--max-request-size", "tiny", "-"], stdin: Self.line + "\n")
        #expect(size.exitCode == 64)
        let missing = await bench.run(["logs", "upload", bench.root + "/nope.log"])
        #expect(missing.exitCode == 66)
        #expect(missing.errorCode == ErrorCode.fileNotFound.rawValue)
    }

    @Test func pushRegisterTokenFromStdin() async throws {
        let bench = try await registeredBench()
        let r = await bench.run(["push", "register", "--os", "ios", "--token", "-"], stdin: "apns-from-stdin\n")
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["action"] == .string("created"))
        guard case .array(let push)? = try await received(bench)?["push"] else { Issue.record("no push record"); return }
        #expect(push.first?["body"]?["pushToken"] == .string("apns-from-stdin"))
    }

    @Test func policyOnSMP3ComesFromTheConnection() async throws {
        let bench = try await registeredBench(platform: "smp3")
        let r = await bench.run(["policy", "get", "passwordPolicy"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["platform"] == .string("smp3"))
        #expect(r.json?["policies"]?["passwordPolicy"]?["passwordPolicyMinLength"] == .int(8))
        let usage = await bench.run(["usage", "upload", "-"], stdin: try Self.sapUsageExample())
        #expect(usage.exitCode == 64, "usage upload is a Mobile Services API: \(usage)")
    }

    /// SAP's example report (Tests/Fixtures/sap/client-services/usage-report.json).
    static func sapUsageExample() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sap/client-services/usage-report.json")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func whoamiPrintsSAPsNameAndGroupsAndUsageTakesSAPsExample() async throws {
        let bench = try await registeredBench()
        let emulator = bench.emulator
        let set = try await offPool {
            try emulator.control("PUT", "/_emulator/services",
                                 json: #"{"appId": "com.example.demo", "roles": ["Admin"], "groups": ["SAPMS_Admin"], "givenName": "John", "familyName": "Doe"}"#)
        }
        #expect(set.status == 200, "\(set)")
        let me = await bench.run(["whoami"])
        #expect(me.exitCode == 0, "\(me)")
        #expect(me.json?["roles"] == .array([.string("Admin")]))
        #expect(me.json?["groups"] == .array([.string("SAPMS_Admin")]))
        #expect(me.json?["givenName"] == .string("John"))
        #expect(me.json?["familyName"] == .string("Doe"))
        #expect(me.json?["displayName"] == .string("John Doe"))
        let usage = await bench.run(["usage", "upload", "-"], stdin: try Self.sapUsageExample())
        #expect(usage.exitCode == 0, "\(usage)")
        #expect(usage.json?["sessions"] == .int(1))
        #expect(usage.json?["events"] == .int(1))
    }
}
