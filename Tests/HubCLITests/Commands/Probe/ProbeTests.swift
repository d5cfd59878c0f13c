// `hubctl probe` in-process: the JSON report of every step, and a probe of a user that is not
// registered (the report still on stdout, the first failed step's error on stderr). Signals
// (SIGTERM/SIGINT during a step) need a real process: ProbeCleanupEndToEndTests.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("probe", .serialized)
struct ProbeTests {
    /// `lastSuccess` is null until a probe of this server and application succeeded.
    func expectReport(_ r: CommandResult, lastSuccess: JSONKind, sourceLocation: SourceLocation = #_sourceLocation) {
        expectShape(r.json, ["success": .bool, "server": .string, "appId": .string, "timestamp": .string, "lastSuccess": lastSuccess,
                             "durationSeconds": .number, "steps": .array], sourceLocation: sourceLocation)
    }

    @Test func everyStepIsTimed() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["probe", "--register"])
        #expect(r.exitCode == 0, "\(r)")
        expectReport(r, lastSuccess: .string)
        #expect(r.json?["success"] == .bool(true))
        let steps = arrayElements(r.json?["steps"])
        #expect(steps.compactMap { $0["step"]?.stringValue } == ["settings", "acp_check", "register", "read", "unregister"])
        for step in steps {
            expectShape(step, ["step": .string, "success": .bool, "durationSeconds": .number, "exchanges": .array])
            for exchange in arrayElements(step["exchanges"]) {
                expectShape(exchange, ["method": .string, "url": .string, "status": .int, "phases": .object])
                expectShape(exchange["phases"], ["dns": .number, "connect": .number, "tls": .number, "firstByte": .number, "total": .number])
            }
        }
        // The throw-away connection is gone; the recorded one stays.
        let state = try await bench.emulator.document("/_emulator/state")
        #expect(arrayElements(state["connections"]).count == 1)
    }

    @Test func notRegisteredIs66WithTheReport() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["probe"])
        expectFailure(r, exit: 66, code: "not_registered", stdoutEmpty: false)
        expectReport(r, lastSuccess: .null)
        #expect(r.json?["success"] == .bool(false))
        let settings = arrayElements(r.json?["steps"]).first
        #expect(settings?["step"] == .string("settings"))
        expectShape(settings?["error"], ["code": .string, "message": .string, "exitCode": .int])
        #expect(settings?["error"]?["code"] == .string("not_registered"))
    }

    @Test func pushWithoutRegisterIs64() async throws {
        let bench = try await registeredCommandBench()
        expectFailure(await bench.run(["probe", "--push"]), exit: 64, code: "usage")
    }
}

extension ProbeTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["probe", "--dest", "dest-1", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--binding-name", "bindingName-1", "--tenant", "tenant-1", "--register", "--push", "--format", "prometheus", "--textfile", "textfile-1"], as: ProbeCommand.self)
        #expect(options == ProbeCommand.Options(destination: ACPDestination.Value(dest: "dest-1"), backend: ServiceKeyOptions.Value(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", bindingName: "bindingName-1", tenant: "tenant-1"), register: true, push: true, format: "prometheus", textfile: "textfile-1"))
        #expect(try parsedOptions(["probe"], as: ProbeCommand.self) == ProbeCommand.Options())
    }
}
