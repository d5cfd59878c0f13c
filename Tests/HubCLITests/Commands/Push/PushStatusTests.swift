// `hubctl push status` in-process: the notification's status document, and an unknown notification.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push status", .serialized)
struct PushStatusTests {
    @Test func printsTheStatusDetails() async throws {
        let (bench, key) = try await pushOperatorBench()
        let sent = await bench.run(["push", "send", "--service-key", key, "--user", "demo", "--alert", "hi"])
        let id = try #require(arrayElements(sent.json?["results"]).first?["notificationId"]?.stringValue, "\(sent)")
        let r = await bench.run(["push", "status", "--service-key", key, id])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["notificationId": .string, "applicationId": .string, "notificationType": .string, "status": .string,
                             "statusInfo": .null, "caller": .string, "providerReference": .null, "topics": .null])
        #expect(r.json?["notificationId"] == .string(id))
        #expect(r.json?["status"] == .string("SENT"))
    }

    @Test func anUnknownNotificationIs66() async throws {
        let (bench, key) = try await pushOperatorBench()
        expectFailure(await bench.run(["push", "status", "--service-key", key, "no-such-notification"]), exit: 66, code: "not_found")
    }
}

extension PushStatusTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "status", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--binding-name", "bindingName-1", "--tenant", "tenant-1", "notificationId-1"], as: PushStatus.self)
        #expect(options == PushStatus.Options(backend: ServiceKeyOptions.Value(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", bindingName: "bindingName-1", tenant: "tenant-1"), notificationId: "notificationId-1"))
    }
}
