// `hubctl push send` in-process (the operator's Notification Backend API): the report's members and
// types, and a send without a target.

import Foundation
import HubCLI
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
                             "requestsWithoutRegistrations": .int, "results": .array, "usersNotSent": .array,
                             "error": .null, "serviceMessages": .array])
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

    /// A user without registration: the report on stdout, exit 3.
    @Test func aUserWithoutRegistrationIs3() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "send", "--service-key", key, "--users", "nobody", "--alert", "hello"])
        #expect(r.exitCode == 3, "\(r)")
        #expect(r.json?["usersWithoutRegistration"] == .array([.string("nobody")]))
        #expect(r.json?["requestsWithoutRegistrations"] == .int(1))
        #expect(r.json?["serviceMessages"] == .array([.string("no registrations for given user names found")]))
        #expect(r.json?["results"] == .array([]))
        #expect(r.err.contains("warning: Mobile Services sent nothing for 1 of 1 request (HTTP 404)"), "\(r)")
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
