// `hubctl push send` in-process (the operator's Notification Backend API): the report's members and
// types, and a send without a target.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push send", .serialized)
struct PushSendTests {
    @Test func theReportOfASendToUsers() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "send", "--service-key", key, "--users", "demo,alice", "--alert", "hello"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["target": .string, "requests": .int, "accepted": .int, "correlationIds": .array, "sent": .int,
                             "queued": .int, "failed": .int, "usersAsked": .int, "usersWithoutRegistration": .array,
                             "requestsWithoutRegistrations": .int, "results": .array, "usersNotSent": .array, "usersUnknown": .array,
                             "error": .null, "serviceMessages": .array, "applicationId": .string, "targetSha256": .string,
                             "notificationSha256": .string])
        #expect(r.json?["usersAsked"] == .int(2))
        #expect(r.json?["target"] == .string("2 users"))
        #expect(r.json?["sent"] == .int(2))
        let results = arrayElements(r.json?["results"])
        #expect(results.count == 2)
        for result in results {
            expectShape(result, ["registrationId": .string, "notificationId": .string, "code": .int, "outcome": .string,
                                 "reason": .string, "message": .string])
        }
    }

    /// A user without registration: the report on stdout, and since nothing at all was sent the
    /// send's failure, 66 `no_registrations` (issue 39; 3 is for a send of which only some failed).
    @Test func aUserWithoutRegistrationIs66() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "send", "--service-key", key, "--users", "nobody", "--alert", "hello"])
        #expect(r.exitCode == 66, "\(r)")
        #expect(r.err.contains("no_registrations"), "\(r)")
        #expect(r.json?["usersWithoutRegistration"] == .array([.string("nobody")]))
        #expect(r.json?["requestsWithoutRegistrations"] == .int(1))
        #expect(r.json?["serviceMessages"] == .array([.string("no registrations for given user names found")]))
        #expect(r.json?["results"] == .array([]))
        #expect(r.err.contains("Mobile Services sent nothing for 1 of 1 request (HTTP 404)"), "\(r)")
        #expect(!r.err.contains("warning:"), "said once, in the error: \(r)")
    }

    /// The report says what it was for (issue 39): the application, the SHA-256 of the target (the
    /// users in any order are one target) and of the canonical JSON of what is sent.
    @Test func theReportSaysWhatTheSendWasFor() async throws {
        let (bench, key) = try await pushOperatorBench()
        func send(_ users: String, _ alert: String) async -> JSONValue? {
            let r = await bench.run(["push", "send", "--service-key", key, "--users", users, "--alert", alert])
            #expect(r.exitCode == 0, "\(r)")
            return r.json
        }
        let a = await send("demo,alice", "hello"), b = await send("alice,demo", "hello"), c = await send("demo,alice", "bye")
        #expect(a?["applicationId"] == .string("com.example.demo"))
        func digest(_ text: String) throws -> String { try Array(text.utf8).withUnsafeBytes { try SHA256Digest.hex(of: $0) } }
        #expect(a?["notificationSha256"] == .string(try digest(#"{"notification":{"alert":"hello"}}"#)), "what is sent, compact, keys sorted")
        #expect(a?["targetSha256"] == .string(try digest(#"{"users":["alice","demo"]}"#)))
        #expect(a?["targetSha256"] == b?["targetSha256"] && a?["notificationSha256"] == b?["notificationSha256"])
        #expect(a?["targetSha256"] == c?["targetSha256"] && a?["notificationSha256"] != c?["notificationSha256"])
    }

    @Test func everyDeviceIsAcceptedWithExit0() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "send", "--service-key", key, "--all", "--alert", "hello"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["accepted"] == .int(1))
        #expect(r.json?["usersAsked"] == .null)
    }

    @Test func noTargetIs64() async throws {
        let (bench, key) = try await pushOperatorBench()
        expectFailure(await bench.run(["push", "send", "--service-key", key, "--alert", "hello"]), exit: 64, code: "usage")
        let sent = try await bench.emulator.document("/_emulator/push/notifications")
        #expect(sent["notifications"] == .array([]), "nothing was sent")
    }
}

extension PushSendTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "send", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--binding-name", "bindingName-1", "--tenant", "tenant-1", "--device", "device-1", "--users", "users-1", "--users-from", "usersFrom-1", "--group", "group-1", "--topic", "topic-1", "--topic", "topic-2", "--capability", "capability-1", "--all", "--bulk", "bulk-1", "--alert", "alert-1", "--locale-alert", "localeAlert-1", "--locale-alert", "localeAlert-2", "--badge", "3", "--sound", "sound-1", "--priority", "priority-1", "--data", "data-1", "--custom", "custom-1", "--custom", "custom-2", "--notification", "notification-1", "--skip-done", "skipDone-1"], as: PushSend.self)
        #expect(options == PushSend.Options(backend: ServiceKeyOptions.Value(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", bindingName: "bindingName-1", tenant: "tenant-1"), device: "device-1", users: "users-1", usersFrom: "usersFrom-1", group: "group-1", topic: ["topic-1", "topic-2"], capability: "capability-1", all: true, bulk: "bulk-1", alert: "alert-1", localeAlert: ["localeAlert-1", "localeAlert-2"], badge: 3, sound: "sound-1", priority: "priority-1", data: "data-1", custom: ["custom-1", "custom-2"], notification: "notification-1", skipDone: "skipDone-1"))
        #expect(try parsedOptions(["push", "send"], as: PushSend.self) == PushSend.Options())
    }
}
