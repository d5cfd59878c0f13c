// The operator's push commands in-process against the in-process emulator (its Notification Backend
// API answers in the shapes of SAP's recorded answers): each command's output and one failure.

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("Push operator commands in-process", .serialized)
struct PushOperatorCommandTests {
    /// An emulator playing Mobile Services with `demo` registered for push (group ops, locale de),
    /// and a service key file.
    func bench() async throws -> (CommandBench, String) {
        let emulator = try await InProcessEmulator.start()
        _ = try await offPool { try emulator.control("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#) }
        _ = try await offPool {
            try emulator.control("POST", "/_emulator/push/registrations", json: """
                {"appId": "com.example.demo", "registrations": [
                 {"user": "demo", "deviceId": "dev-demo", "os": "android", "pushToken": "tok-demo", "pushGroup": "ops", "userLocale": "de", "topics": ["outages"]},
                 {"user": "alice", "deviceId": "dev-alice", "os": "ios", "pushToken": "tok-alice", "userLocale": "en", "completionCode": -1}]}
                """)
        }
        let bench = try CommandBench(emulator: emulator)
        let key = bench.root + "/key.json"
        let made = FileManager.default.createFile(atPath: key, contents: Data(#"{"url": "\#(emulator.url)", "apiKey": "emulator-push-api-key"}"#.utf8),
                                                  attributes: [.posixPermissions: 0o600])
        guard made else { throw CommandBenchError("cannot write \(key)") }
        return (bench, key)
    }

    func results(_ r: CommandResult) -> [JSONValue] {
        if case .array(let list)? = r.json?["results"] { return list }
        return []
    }

    @Test func sendReportsEachDeviceSentOrQueuedAndUsersWithoutRegistration() async throws {
        let (bench, key) = try await bench()
        let r = await bench.run(["push", "send", "--service-key", key, "--users", "demo,alice", "--alert", "hi"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["sent"] == .int(1))
        #expect(r.json?["queued"] == .int(1))
        #expect(r.json?["failed"] == .int(0))
        #expect(Set(results(r).compactMap { $0["outcome"]?.stringValue }) == ["sent", "queued"])
        #expect(results(r).allSatisfy { $0["registrationId"]?.stringValue?.isEmpty == false })
        // A user without registration: SAP's 404 "no registrations" for the request; nothing at
        // all was sent, so the send failed (66, no_registrations; issue 39), the report still printed.
        let none = await bench.run(["push", "send", "--service-key", key, "--users", "nobody", "--alert", "hi"])
        #expect(none.exitCode == 66, "\(none)")
        #expect(none.json?["usersWithoutRegistration"] == .array([.string("nobody")]))
        #expect(none.json?["requestsWithoutRegistrations"] == .int(1))
    }

    @Test func sendToEveryDeviceIsAcceptedWithACorrelationId() async throws {
        let (bench, key) = try await bench()
        let r = await bench.run(["push", "send", "--service-key", key, "--all", "--alert", "hi"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["accepted"] == .int(1))
        guard case .array(let ids)? = r.json?["correlationIds"] else { Issue.record("no correlationIds: \(r)"); return }
        #expect(ids.count == 1)
        #expect(results(r).isEmpty)
    }

    @Test func statusReadsTheDevicesNotification() async throws {
        let (bench, key) = try await bench()
        let sent = await bench.run(["push", "send", "--service-key", key, "--user", "demo", "--alert", "hi"])
        #expect(sent.exitCode == 0, "\(sent)")
        let id = try #require(results(sent).first?["notificationId"]?.stringValue)
        let r = await bench.run(["push", "status", "--service-key", key, id])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["notificationId"] == .string(id))
        #expect(r.json?["status"] == .string("SENT"))
        #expect(r.json?["notificationType"] == .string("android"))
        #expect(r.json?["statusInfo"] == .null, "null members are printed")
        let missing = await bench.run(["push", "status", "--service-key", key, "no-such-notification"])
        #expect(missing.exitCode == 66, "\(missing)")
    }

    @Test func registrationsListFilterAndReadOne() async throws {
        let (bench, key) = try await bench()
        let all = await bench.run(["push", "registrations", "--service-key", key])
        #expect(all.exitCode == 0, "\(all)")
        guard case .array(let list)? = all.json else { Issue.record("not a list: \(all)"); return }
        #expect(list.count == 2)
        let ops = await bench.run(["push", "registrations", "--service-key", key, "--group", "ops"])
        guard case .array(let opsList)? = ops.json else { Issue.record("not a list: \(ops)"); return }
        #expect(opsList.map { $0["username"] } == [.string("demo")])
        #expect(opsList.first?["userLocale"] == .string("de"))
        let id = try #require(opsList.first?["id"]?.stringValue)
        let one = await bench.run(["push", "registrations", "--service-key", key, "--id", id])
        #expect(one.exitCode == 0, "\(one)")
        #expect(one.json?["device"] == .string("dev-demo"))
        #expect(one.json?["formFactor"] == .null)
        let gone = await bench.run(["push", "registrations", "--service-key", key, "--id", "no-such-registration"])
        #expect(gone.exitCode == 66, "\(gone)")
        let both = await bench.run(["push", "registrations", "--service-key", key, "--id", id, "--group", "ops"])
        #expect(both.exitCode == 64, "\(both)")
    }

    @Test func localizationsOfUsers() async throws {
        let (bench, key) = try await bench()
        let r = await bench.run(["push", "localizations", "--service-key", key, "--users", "demo,alice,nobody"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["localizations"] == .array([.string("de"), .string("en")]))
        #expect(r.json?["users"] == .int(3))
        let none = await bench.run(["push", "localizations", "--service-key", key])
        #expect(none.exitCode == 64, "\(none)")
    }

    @Test func namesThatWouldLeaveTheirSegmentSendNothing() async throws {
        let (bench, key) = try await bench()
        for args in [["--group", ".."], ["--capability", ".."], ["--user", "demo", "--device", ".."]] {
            let r = await bench.run(["push", "send", "--service-key", key] + args + ["--alert", "x"])
            #expect(r.exitCode == 64, "\(args): \(r)")
        }
        let status = await bench.run(["push", "status", "--service-key", key, ".."])
        #expect(status.exitCode == 64, "\(status)")
        let emulator = bench.emulator
        let record = try await offPool { try emulator.control("GET", "/_emulator/push/notifications").body }
        let doc = try JSONDecoder().decode(JSONValue.self, from: record)
        #expect(doc["notifications"] == .array([]), "nothing was sent")
    }
}
