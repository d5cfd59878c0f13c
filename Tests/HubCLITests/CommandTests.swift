// Commands run in-process against the in-process emulator: the fast paths of the life cycle.

import Foundation
import HubCLI
import HubCore
import HubTransport
import Testing

@Suite("Commands in-process")
struct CommandTests {
    @Test func registerReadUpdateAndUnregister() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let registered = await bench.run(["register", "--device-model", "bench-1"])
        #expect(registered.exitCode == 0, "\(registered)")
        let id = try #require(registered.json?["ApplicationConnectionId"]?.stringValue)
        #expect(registered.json?["DeviceModel"]?.stringValue == "bench-1")
        #expect(registered.json?["DeviceType"]?.stringValue == "Linux")

        // Registering again finds the recorded connection instead of making a second one.
        let again = await bench.run(["register"])
        #expect(again.json?["ApplicationConnectionId"]?.stringValue == id)

        let picked = await bench.run(["settings", "get", "DeviceModel", "ApplicationConnectionId"])
        #expect(picked.exitCode == 0, "\(picked)")
        #expect(picked.json == .object(["DeviceModel": .string("bench-1"), "ApplicationConnectionId": .string(id)]))

        let updated = await bench.run(["settings", "set", "DeviceModel=bench-2", "ApnsPushEnable=false"])
        #expect(updated.exitCode == 0, "\(updated)")
        #expect(updated.json?["DeviceModel"]?.stringValue == "bench-2")
        #expect(updated.json?["ApnsPushEnable"] == .bool(false))

        let gone = await bench.run(["unregister"])
        #expect(gone.exitCode == 0, "\(gone)")
        #expect(gone.json == .object(["applicationConnectionId": .string(id), "deleted": .bool(true), "serverKnewIt": .bool(true)]))

        let after = await bench.run(["settings", "get"])
        #expect(after.exitCode == 66)
        #expect(after.errorCode == ErrorCode.notRegistered.rawValue)
        #expect(after.stdout.isEmpty)
    }

    @Test func settingsRefusedBeforeAnythingIsSent() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["register"]).exitCode == 0)
        let readOnly = await bench.run(["settings", "set", "ApplicationConnectionId=x"])
        #expect(readOnly.exitCode == 64)
        #expect(readOnly.errorCode == ErrorCode.readOnlyProperty.rawValue)
        let unknown = await bench.run(["settings", "get", "NoSuchSetting"])
        #expect(unknown.exitCode == 65)
        #expect(unknown.errorCode == ErrorCode.unknownSetting.rawValue)
    }

    @Test func settingsSchemaFromTheServerAndItsCache() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["register"]).exitCode == 0)
        let schema = await bench.run(["settings", "schema", "--verbose"])
        #expect(schema.exitCode == 0, "\(schema)")
        #expect(schema.json?["source"]?.stringValue == "server")
        #expect(schema.json?["properties"]?["DeviceModel"] == .object([
            "type": .string("Edm.String"), "writable": .bool(true), "nullable": .bool(true), "source": .string("server")]))
        #expect(schema.json?["properties"]?["UserName"]?["writable"] == .bool(false))
        #expect(schema.err.contains("hubctl: schema: the server's $metadata (latest), cached for 3600 s"), "\(schema.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: bench.home + "/cache/metadata")
        #expect(files.count == 1)
        let again = await bench.run(["settings", "set", "--verbose", "UserName=x"])
        #expect(again.exitCode == 64)
        #expect(again.errorCode == ErrorCode.readOnlyProperty.rawValue)
        #expect(again.err.contains("hubctl: schema: the cached $metadata"), "\(again.err)")
        let malformed = await bench.run(["settings", "set", "=x"])
        #expect(malformed.exitCode == 64)
        #expect(malformed.errorCode == ErrorCode.invalidAssignment.rawValue)
    }

    @Test func wrongPasswordIs77AndThePasswordIsNotPrinted() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), password: "wrong-secret-123")
        let result = await bench.run(["register"])
        #expect(result.exitCode == 77)
        #expect(result.errorCode == ErrorCode.authFailed.rawValue)
        #expect(!result.err.contains("wrong-secret-123"))
    }

    @Test func passwordFromStdinGoesThroughTheInputSource() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let result = await bench.run(["register", "--password-stdin"], environment: ["HUBCTL_PASSWORD": ""], stdin: "demo-password\n")
        #expect(result.exitCode == 0, "\(result)")
        let none = await bench.run(["register", "--password-stdin", "--force"], environment: ["HUBCTL_PASSWORD": ""])
        #expect(none.exitCode == 64)
        #expect(none.errorCode == ErrorCode.noPassword.rawValue)
    }

    @Test func acpCheckAndFetch() async throws {
        let emulator = try await InProcessEmulator.start()
        let bench = try CommandBench(emulator: emulator)
        #expect(await bench.run(["register"]).exitCode == 0)

        let nothing = await bench.run(["acp", "check"])
        #expect(nothing.exitCode == 0, "\(nothing)")
        // None assigned and no default bundle on the server: nothing available.
        #expect(nothing.json == .object(["appId": .string("com.example.demo"), "current": .null, "available": .null,
                                         "updateAvailable": .bool(false), "source": .string("default"),
                                         "availableRevision": .null, "currentRevision": .null,
                                         "destination": .string(bench.home + "/acp/com.example.demo")]))

        try emulator.control("PUT", "/_emulator/bundles/com.example.demo/Appmc:1.0.0", body: try makeBundle(),
                             headers: [HTTPHeader("X-Bundle-Extension", "zip")])
        try emulator.control("POST", "/_emulator/assign", json: #"{"appId": "com.example.demo", "bundleId": "Appmc:1.0.0"}"#)

        let check = await bench.run(["acp", "check"])
        #expect(check.json?["available"]?.stringValue == "Appmc:1.0.0")
        #expect(check.json?["updateAvailable"] == .bool(true))

        let dest = bench.root + "/profile"
        let fetched = await bench.run(["acp", "fetch", "--dest", dest, "--no-sync"])
        #expect(fetched.exitCode == 0, "\(fetched)")
        #expect(fetched.json?["bundleId"]?.stringValue == "Appmc:1.0.0")
        #expect(fetched.json?["updated"] == .bool(true))
        #expect(fetched.json?["extension"]?.stringValue == "zip")
        #expect(fetched.json?["path"]?.stringValue == dest + "/current")
        let tile = FileManager.default.contents(atPath: dest + "/current/tiles/home.json")
        #expect(tile.map { String(decoding: $0, as: UTF8.self) } == #"{"title": "1.0.0"}"#)

        let again = await bench.run(["acp", "fetch", "--dest", dest])
        #expect(again.json?["updated"] == .bool(false))
        let current = await bench.run(["acp", "check", "--dest", dest])
        #expect(current.json?["current"]?.stringValue == "Appmc:1.0.0")
        #expect(current.json?["updateAvailable"] == .bool(false))
        // Without --dest: where the last fetch for this server and application went.
        let remembered = await bench.run(["acp", "check"])
        #expect(remembered.json?["current"]?.stringValue == "Appmc:1.0.0", "\(remembered)")
        #expect(remembered.json?["destination"]?.stringValue == dest)
    }

    @Test func vaultLifeCycle() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(),
                                     extra: ["HUBCTL_VAULT_KEY": Data(repeating: 7, count: 32).base64EncodedString()])
        let created = await bench.run(["vault", "init"])
        #expect(created.exitCode == 0, "\(created)")
        #expect(created.json?["kdf"]?.stringValue == "rawKey")
        #expect(await bench.run(["vault", "init"]).exitCode == 73)

        let stored = await bench.run(["vault", "set", "api-token"], stdin: "s3cr3t\nline two")
        #expect(stored.exitCode == 0, "\(stored)")
        #expect(stored.json?["vaultCreated"] == .bool(false))
        #expect(!stored.out.contains("s3cr3t"))

        let shown = await bench.run(["vault", "show", "api-token"])
        #expect(shown.json?["value"]?.stringValue == "s3cr3t\nline two")

        let listed = await bench.run(["vault", "list"])
        guard case .array(let entries)? = listed.json?["entries"] else { Issue.record("no entries: \(listed)"); return }
        #expect(entries.compactMap { $0["key"]?.stringValue } == ["api-token"])

        #expect(await bench.run(["vault", "delete", "api-token"]).json == .object(["key": .string("api-token"), "deleted": .bool(true)]))
        let missing = await bench.run(["vault", "show", "api-token"])
        #expect(missing.exitCode == 66)
        #expect(missing.errorCode == ErrorCode.vaultKeyNotFound.rawValue)

        let wrongKey = await bench.run(["vault", "list"], environment: ["HUBCTL_VAULT_KEY": Data(repeating: 8, count: 32).base64EncodedString()])
        #expect(wrongKey.exitCode == 77)
    }

    @Test func savedCredentialsAreUsedNextTime() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(),
                                     extra: ["HUBCTL_VAULT_KEY": Data(repeating: 9, count: 32).base64EncodedString()])
        #expect(await bench.run(["register", "--save-credentials"]).exitCode == 0)
        // No password given any more: the vault answers the server's challenge.
        let read = await bench.run(["settings", "get", "DeviceType"], environment: ["HUBCTL_PASSWORD": ""])
        #expect(read.exitCode == 0, "\(read)")
        #expect(read.json?["DeviceType"]?.stringValue == "Linux")
    }

    @Test func theTransportFactoryIsTheOnlyWayOut() async throws {
        // A transport that answers every request with 503: the command reports it, nothing else is reached.
        final class Unavailable: HTTPTransport {
            func send(_ request: HTTPRequest) throws -> HTTPResponse {
                HTTPResponse(status: 418, headers: [], body: Data(), effectiveURL: request.url)
            }
            func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }
        }
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let result = await bench.run(["register"], transport: { _ in Unavailable() })
        #expect(result.exitCode == 65)
        #expect(result.errorCode == ErrorCode.unexpectedStatus.rawValue)
        #expect(result.error?["status"] == .int(418))
    }

    @Test func statusAndHelpNeedNoServer() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let status = await bench.run(["status"])
        #expect(status.exitCode == 0)
        #expect(status.json?["home"]?.stringValue == bench.home)
        #expect(status.json?["registrations"] == .array([]))

        let topic = await bench.run(["help", "exit-codes"])
        #expect(topic.exitCode == 0)
        #expect(topic.out.hasPrefix("EXIT CODES"))
        let command = await bench.run(["help", "acp", "fetch"])
        #expect(command.out.contains("--max-bytes"))
        let unknown = await bench.run(["help", "nope"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.errorCode == ErrorCode.usage.rawValue)
    }

    @Test func missingConfigurationIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let result = await bench.run(["settings", "get"], environment: ["HUBCTL_SERVER": ""])
        #expect(result.exitCode == 78)
        #expect(result.errorCode == ErrorCode.missingServer.rawValue)
    }
}
