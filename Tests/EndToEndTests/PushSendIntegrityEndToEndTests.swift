// `push send` as a careless operator would run it (issue 39, items 2, 8, 13 and 16): a --skip-done
// report of another send, bulk input that names a user or a column twice, a bulk file whose every
// line has its own text; through the built hubctl against the emulator's Notification Backend API.
import Foundation
import Testing

extension PushBackendEndToEndTests {
    /// 2,500 users, every 500th with a device; the first request of a send goes through, the second
    /// gets a 500: the report names the 1,500 users not sent to.
    func cutOffSend(_ emu: Emulator, _ op: Hubctl, _ dir: TempDir, alert: String) throws -> (report: String, users: String) {
        try seed(emu, (1...2_500).filter { $0 % 500 == 0 }.map { #"{"user": "user-\#($0)", "deviceId": "dev-\#($0)", "os": "android", "pushToken": "tok-\#($0)"}"# }.joined(separator: ","))
        let users = dir.write("users.txt", (1...2_500).map { "user-\($0)" }.joined(separator: "\n") + "\n")
        for rule in [#"{"delay": 0.01, "path": "/notifications/users"}"#, #"{"status": 500, "path": "/notifications/users"}"#] {
            let (status, _) = try emu.control("POST", "/_emulator/faults", json: rule)
            #expect(status == 201, "\(rule)")
        }
        let first = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--users-from", users, "--alert", alert)
        #expect(first.status == 3, "\(first)")
        #expect((first.json?["usersNotSent"] as? [String])?.count == 1_500)
        #expect(first.json?["applicationId"] as? String == "com.example.demo")
        #expect((first.json?["targetSha256"] as? String)?.count == 64)
        #expect((first.json?["notificationSha256"] as? String)?.count == 64)
        return (dir.write("report.json", first.out), users)
    }

    @Test func skipDoneRefusesTheReportOfAnotherSendNamingWhatDiffers() throws {
        let (emu, op, dir) = try setUp()
        let (report, users) = try cutOffSend(emu, op, dir, alert: "window")
        let key = dir.file("key.json")
        #expect(try record(emu).notifications.count == 1)
        func send(_ arguments: String...) throws -> RunResult {
            try op.run(["push", "send", "--service-key", key] + arguments + ["--skip-done", report])
        }
        // Another notification for the same users.
        let otherText = try send("--app-id", "com.example.demo", "--users-from", users, "--alert", "another announcement")
        #expect(otherText.status == 65, "\(otherText)")
        #expect(otherText.errorCode == "report_mismatch")
        #expect(otherText.err.contains("its notification differs") && !otherText.err.contains("its target") && !otherText.err.contains("its application"), "\(otherText.err)")
        // Other users (the report's first 1,000 users are not in this list: they would be skipped unsent).
        let others = dir.write("others.txt", (1_001...3_000).map { "user-\($0)" }.joined(separator: "\n") + "\n")
        let otherUsers = try send("--app-id", "com.example.demo", "--users-from", others, "--alert", "window")
        #expect(otherUsers.status == 65, "\(otherUsers)")
        #expect(otherUsers.err.contains("its target differs") && otherUsers.err.contains("2500 users") && otherUsers.err.contains("2000 users"), "\(otherUsers.err)")
        #expect(!otherUsers.err.contains("its notification"), "\(otherUsers.err)")
        // Another application, another notification priority too: both named.
        let otherApp = try send("--app-id", "com.example.other", "--users-from", users, "--alert", "window", "--priority", "high")
        #expect(otherApp.status == 65, "\(otherApp)")
        #expect(otherApp.err.contains("its application is \\\"com.example.demo\\\", this send's \\\"com.example.other\\\""), "\(otherApp.err)")
        #expect(otherApp.err.contains("its notification differs"), "\(otherApp.err)")
        // A report that does not say what it was for (an older hubctl's) is refused too.
        var old = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        for member in ["applicationId", "targetSha256", "notificationSha256"] { old[member] = nil }
        let oldReport = dir.file("old-report.json")
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: oldReport))
        let fromOld = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users, "--alert", "window", "--skip-done", oldReport)
        #expect(fromOld.status == 65, "\(fromOld)")
        #expect(fromOld.errorCode == "report_mismatch")
        for refused in [otherText, otherUsers, otherApp, fromOld] { #expect(refused.out.isEmpty, "\(refused)") }
        #expect(try record(emu).notifications.count == 1, "nothing was sent by a refused --skip-done")

        // The report of this very send, the users listed in another order: the rest, and how many were skipped.
        let shuffled = dir.write("users-reversed.txt", (1...2_500).reversed().map { "user-\($0)" }.joined(separator: "\n") + "\n")
        let rest = try send("--app-id", "com.example.demo", "--users-from", shuffled, "--alert", "window")
        #expect(rest.status == 0, "\(rest)")
        #expect(rest.json?["usersAsked"] as? Int == 1_500)
        #expect(rest.err.contains("1000 of 2500 users skipped"), "\(rest.err)")
        let tokens = try record(emu).notifications.flatMap { devices($0) }.compactMap { $0["pushToken"] as? String }
        #expect(tokens.sorted() == ["tok-1000", "tok-1500", "tok-2000", "tok-2500", "tok-500"], "each device once: \(tokens)")
    }

    @Test func skipDoneOfABulkSendChecksEveryUsersOwnText() throws {
        let (emu, op, dir) = try setUp()
        let key = dir.file("key.json")
        let bulk = dir.write("bulk.ndjson", #"{"user": "demo", "alert": "Demo, update"}"# + "\n" + #"{"user": "erin", "alert": "Erin, update"}"# + "\n")
        let first = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", bulk)
        #expect(first.status == 0, "\(first)")
        let report = dir.write("bulk-report.json", first.out)
        // erin's text changed: another notification, though the root and the users are the same.
        let edited = dir.write("bulk-edited.ndjson", #"{"user": "demo", "alert": "Demo, update"}"# + "\n" + #"{"user": "erin", "alert": "Erin, later"}"# + "\n")
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", edited, "--skip-done", report)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "report_mismatch")
        #expect(r.err.contains("its notification differs") && !r.err.contains("its target"), "\(r.err)")
        // The same file: everyone was in a request that went out.
        let same = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", bulk, "--skip-done", report)
        #expect(same.status == 64, "\(same)")
        #expect(same.err.contains("2 of 2 users skipped"), "\(same.err)")
        #expect(try record(emu).notifications.count == 1)
    }

    /// Item 8: a send that reached nobody because nobody has a registration is the send's failure
    /// (66, `no_registrations`), not "some failed" (3); some users with a device and some without stays 3.
    @Test func aSendToUsersOfWhomSomeHaveNoRegistrationStays3() throws {
        let (emu, op, dir) = try setUp()
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--users-from", "-", "--alert", "hi", stdin: (1...1_000).map { "nobody-\($0)" }.joined(separator: "\n") + "\ndemo\n")
        #expect(r.status == 3, "\(r)")
        #expect(r.json?["sent"] as? Int == 1)
        #expect(r.json?["requestsWithoutRegistrations"] as? Int == 1)
        let none = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                          "--users", "nobody-1,nobody-2", "--alert", "hi")
        #expect(none.status == 66, "\(none)")
        #expect(none.errorCode == "no_registrations")
        #expect(none.json?["usersWithoutRegistration"] as? [String] == ["nobody-1", "nobody-2"], "the report still says who")
        #expect(try record(emu).notifications.count == 1)
    }

    @Test func bulkInputThatNamesAUserOrAColumnTwiceIsRefused() throws {
        let (emu, op, dir) = try setUp()
        let key = dir.file("key.json")
        for (input, named) in [
            ("user,alert,user\ndemo,Hello,bob\n", "the column \\\"user\\\" twice"),
            ("user,alert,ALERT\ndemo,Hello,Bye\n", "the column \\\"alert\\\" twice"),
            (#"{"user": "bob", "user": "demo", "alert": "x"}"# + "\n", "the member name \\\"user\\\" appears twice"),
            (#"{"user": "demo", "alert": "x", "alert": "y"}"# + "\n", "the member name \\\"alert\\\" appears twice"),
            (#"{"user": "demo", "notification": {"alert": "x", "alert": "y"}}"# + "\n", "the member name \\\"alert\\\" appears twice"),
            (#"{"user": "demo"}"# + "\n" + #"{"user": "bob", "us\u0065r": "demo"}"# + "\n", "line 2"),
        ] {
            let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", "-", "--alert", "root", stdin: input)
            #expect(r.status == 64, "\(input): \(r)")
            #expect(r.err.contains(named) && r.err.contains("ambiguous"), "\(input): \(r.err)")
            #expect(r.out.isEmpty)
        }
        #expect(try record(emu).notifications.isEmpty, "nothing was sent")
    }

    @Test func bulkLinesWithTheirOwnTextNeedNoAlert() throws {
        let (emu, op, dir) = try setUp()
        try seed(emu, #"{"user": "erin", "deviceId": "dev-erin", "os": "ios", "pushToken": "tok-erin"}"#)
        let key = dir.file("key.json")
        let own = #"{"user": "demo", "alert": "Demo, update"}"# + "\n" + #"{"user": "erin", "notification": {"badge": 2}}"# + "\n"
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", "-", stdin: own)
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["sent"] as? Int == 2)
        var received: [String: [String: Any]] = [:]
        for d in devices(try record(emu).notifications.last) {
            received[d["pushToken"] as? String ?? "?"] = d["notification"] as? [String: Any]
        }
        #expect(received["tok-1"]?["alert"] as? String == "Demo, update")
        #expect(received["tok-erin"]?["badge"] as? Int == 2 && received["tok-erin"]?["alert"] == nil, "\(received)")
        // CSV too; but a line without a text of its own still needs the flags' (the root).
        let csv = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", "-", stdin: "user,alert\ndemo,Hi demo\n")
        #expect(csv.status == 0, "\(csv)")
        let missing = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--bulk", "-",
                             stdin: #"{"user": "demo", "alert": "x"}"# + "\n" + #"{"user": "erin"}"# + "\n")
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.err.contains("\\\"erin\\\"") && missing.err.contains("--alert"), "\(missing.err)")
        #expect(try record(emu).notifications.count == 2)
    }
}
