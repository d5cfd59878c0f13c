// Issue 48 (items 1, 2, 5, 6, 7, 17, 18), through the built hubctl against hubctl-emulator's Cloud
// Foundry world made hostile with its fault knobs (docs/protocol.md §17.9): another offering's
// instance beside the apps, with its own dashboard; list pages padded to megabytes; ids that
// cannot be one segment of an address; prune patterns that would select every app; a create job
// that never ends; another run creating an app while this one does (docs/security.md, "Cloud
// Foundry, its UAA and the Admin API").
import Foundation
import Testing

extension CFWorld {
    /// An instance made through the control route with members of its own (`"offering"`,
    /// `"dashboardUrl"`, `"guid"`, …), JSON text.
    func instance(json members: String) throws {
        let (status, body) = try emu.control("POST", "/_emulator/cf/instances", json: "{" + members + "}")
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
    }

    /// The paths the emulator was asked, with their methods ("DELETE /v3/…").
    func asked() throws -> [String] {
        try requests().map { "\($0["method"] as? String ?? "") \($0["path"] as? String ?? "")" }
    }

    /// The ids `app list` prints.
    func listed(_ extra: String...) throws -> [String] {
        let r = try op.run(["app", "list"] + extra)
        #expect(r.status == 0, "\(r)")
        return ((r.json?["apps"] as? [[String: Any]]) ?? []).compactMap { $0["appId"] as? String }
    }
}

/// hubctl run under /usr/bin/time -v: its result and its peak resident set size in KiB.
func measured(_ hubctl: Hubctl, _ arguments: [String]) throws -> (RunResult, Int) {
    let r = try EndToEndTests.run("/usr/bin/time", ["-v", Binaries.hubctl] + arguments, environment: hubctl.environment)
    let line = r.err.split(separator: "\n").first { $0.contains("Maximum resident set size (kbytes):") } ?? ""
    let kib = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
    #expect(kib > 0, "time -v reported no peak: \(r.err.suffix(2000))")
    return (r, kib)
}

@Suite(.serialized) struct AppHostileEndToEndTests {
    /// hubctl's peak memory (KiB) on padded pages. Measured on x86_64 Linux: 43 MiB refusing pages
    /// of 15 MB, 131 MiB over twelve pages of 3 MB (one page parsed at a time); before issue 48,
    /// 636 MiB and 501 MiB, every page kept parsed.
    static let peakBound = 256 * 1024

    // MARK: Item 1: the token goes to no other service's dashboard

    /// The app's own instance has no dashboard_url and another service's instance has one, on a
    /// server of its own: the Admin API base comes from the offering's supportUrl, and that other
    /// server receives nothing (neither the CF token nor the Admin API password).
    @Test func theTokenGoesToNoOtherServicesDashboard() throws {
        let world = try CFWorld()
        let theirs = try Emulator()
        try world.instance(json: #""name": "aaa-their-db", "offering": "postgresql", "plan": "small", "dashboardUrl": "\#(theirs.url)/their-dashboard/index.html""#)
        try world.instance(json: #""name": "ci-a1", "labels": {"managed-by": "hubctl"}, "dashboardUrl": null"#)
        try world.clearLog()
        #expect(try world.listed() == ["ci-a1"])
        let shown = try world.op("app", "show", "ci-a1")
        #expect(shown.status == 0, "\(shown)")
        let password = world.dir.write("admin-password", CFWorld.ciPassword)
        chmod(password, 0o600)
        let basic = try world.op("app", "list", "--admin-user", CFWorld.user, "--admin-password-file", password)
        #expect(basic.status == 0, "\(basic)")
        let deleted = try world.op("app", "delete", "ci-a1")
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.json?["app"] as? Bool == true, "\(deleted)")
        let theirLog = (try emulatorState(theirs)["requests"] as? [[String: Any]]) ?? []
        #expect(theirLog.isEmpty, "the other service's host was asked: \(theirLog)")
        #expect(try world.asked().contains { $0.hasPrefix("DELETE /cockpit/v1/org/") && $0.hasSuffix("/app/ci-a1") })
    }

    // MARK: Item 2: another offering's instance is neither listed nor touched

    @Test func anotherOfferingsInstanceIsNeitherListedNorTouched() throws {
        let world = try CFWorld()
        let old = "2026-01-01T00:00:00Z"
        let db = "0db0db00-1111-4222-8333-444455556666"
        try world.instance(json: #""name": "ci-db", "guid": "\#(db)", "offering": "postgresql", "plan": "v9.6-dev", "createdAt": "\#(old)""#)
        try world.instance(json: #""name": "ci-cache", "offering": "redis", "labels": {"managed-by": "hubctl"}, "createdAt": "\#(old)""#)
        try world.instance("ci-app", createdAt: old)
        try world.clearLog()

        #expect(try world.listed() == ["ci-app"])
        let dry = try world.op("app", "prune", "--match", "ci-*", "--older-than", "60m", "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.json?["deleted"] as? [String] == ["ci-app"], "\(dry)")
        #expect((dry.json?["skipped"] as? [[String: Any]])?.isEmpty == true, "\(dry)")
        let any = try world.op("app", "prune", "--match", "ci-*", "--older-than", "60m", "--any-owner")
        #expect(any.status == 0, "\(any)")
        #expect(any.json?["deleted"] as? [String] == ["ci-app"], "\(any)")
        #expect((any.json?["skipped"] as? [[String: Any]])?.isEmpty == true, "\(any)")
        for name in ["ci-db", "ci-cache"] {
            #expect(try world.op("app", "show", name).status == 66)
            #expect(try world.op("app", "delete", name).status == 66, "\(name) is no Mobile Services app")
            let key = try world.op("app", "key", "create", name, "--cf-key", "k", "--out", world.dir.file("\(name).json"))
            #expect(key.status == 66, "\(key)")
        }
        let asked = try world.asked()
        #expect(!asked.contains { $0.hasPrefix("DELETE /v3/") || $0.hasPrefix("POST /v3/") }, "\(asked)")
        #expect(!asked.contains { $0.contains(db) }, "\(asked)")
        // Asked as SAP's broker keeps to its plan: the instances of the offering's plans only.
        #expect(asked.contains { $0.hasPrefix("GET /v3/service_plans") })
    }

    // MARK: Item 5: memory stays bounded on Cloud Foundry's pages

    /// Pages of 15 MB (the transport would take 16 MiB): refused at the first one (65), with
    /// hubctl's peak memory far below one parsed page.
    @Test func pagesOverTheCapAreRefusedAndMemoryStaysBounded() throws {
        let world = try CFWorld()
        for n in 1...3 { try world.instance("ci-page-\(n)") }
        try world.settings(#"{"pageSize": 1, "padInstanceBytes": 15000000}"#)
        let (r, kib) = try measured(world.op, ["app", "list"])
        #expect(r.status == 65, "\(r.out) \(r.err.suffix(3000))")
        #expect(r.err.contains("larger than 4 MiB"), "\(r.err.suffix(3000))")
        #expect(r.out.isEmpty)
        #expect(kib < Self.peakBound, "peak RSS \(kib) KiB")
    }

    /// Pages under the cap, 3 MB each: each page's instances are read as it arrives and only what
    /// is used is kept, so twelve pages cost no more than one.
    @Test func pagesUnderTheCapKeepOnlyWhatIsUsed() throws {
        let world = try CFWorld()
        let names = (1...12).map { String(format: "ci-page-%02d", $0) }
        for name in names { try world.instance(name) }
        try world.settings(#"{"pageSize": 1, "padInstanceBytes": 3000000}"#)
        let (r, kib) = try measured(world.op, ["app", "list"])
        #expect(r.status == 0, "\(r.err.suffix(3000))")
        #expect(((r.json?["apps"] as? [[String: Any]]) ?? []).compactMap { $0["appId"] as? String } == names)
        #expect(kib < Self.peakBound, "peak RSS \(kib) KiB")
    }

    // MARK: Item 6: ids from the server that cannot be one segment of an address

    @Test func anAppNamedDotDotIs65AndNothingIsDeleted() throws {
        let world = try CFWorld()
        try world.instance("..", createdAt: "2026-01-01T00:00:00Z")
        try world.instance(".ci-old", createdAt: "2026-01-01T00:00:00Z")
        try world.clearLog()
        let pruned = try world.op("app", "prune", "--match", ".*", "--older-than", "60m")
        #expect(pruned.status == 65, "\(pruned)")
        #expect((pruned.error?["message"] as? String)?.contains("\"..\"") == true, "\(pruned.err)")
        #expect(!pruned.err.lowercased().contains("nothing was sent"), "requests were sent: \(pruned.err)")
        let listed = try world.op("app", "list")
        #expect(listed.status == 65, "\(listed)")
        let asked = try world.asked()
        #expect(asked.allSatisfy { $0.hasPrefix("GET ") }, "\(asked)")
    }

    @Test func anInstanceGuidDotDotIs65BeforeAnyRequestCarriesIt() throws {
        let world = try CFWorld()
        try world.instance(json: #""name": "ci-dotguid", "guid": "..", "withApp": false, "labels": {"managed-by": "hubctl"}"#)
        try world.clearLog()
        let deleted = try world.op("app", "delete", "ci-dotguid")
        #expect(deleted.status == 65, "\(deleted)")
        let asked = try world.asked()
        #expect(!asked.contains { $0.contains("%2E%2E") || $0.contains("/..") }, "\(asked)")
        #expect(!asked.contains { $0.hasPrefix("DELETE ") }, "\(asked)")
    }

    @Test func aJobAddressEndingInDotDotIsNotFollowed() throws {
        let world = try CFWorld()
        try world.settings(#"{"jobGuid": ".."}"#)
        let created = try world.op("app", "create", "ci-dotjob")
        #expect(created.status == 65, "\(created)")
        #expect(created.err.contains("does not follow it"), "\(created.err)")
        // The create was sent: the message says so, and how the instance goes.
        #expect(created.err.contains("hubctl app delete ci-dotjob"), "\(created.err)")
        #expect(!created.err.lowercased().contains("nothing was sent"), "\(created.err)")
        let asked = try world.asked()
        #expect(!asked.contains { $0.contains("/v3/jobs/") }, "\(asked)")
        #expect(asked.filter { $0 == "POST /v3/service_instances" }.count == 1)
        try world.settings(#"{"jobGuid": null}"#)
        #expect(try world.op("app", "delete", "ci-dotjob").status == 0)
    }

    // MARK: Item 7: patterns that match everything

    @Test func prunePatternsWithoutALiteralPrefixAre64AndSendNothing() throws {
        let world = try CFWorld()
        try world.instance("ci-1", createdAt: "2026-01-01T00:00:00Z")
        try world.instance("prod-1", owner: nil, createdAt: "2026-01-01T00:00:00Z")
        try world.clearLog()
        for pattern in ["[[:alpha:]]*", "[a-zA-Z]*", "[!-]*", "*[a-z]*", "?*", "[c]i-*", "ci-\\"] {
            let r = try world.op("app", "prune", "--match", pattern, "--older-than", "60m", "--any-owner")
            #expect(r.status == 64, "\(pattern): \(r)")
            #expect(r.err.contains("literal") || r.err.contains("backslash"), "\(pattern): \(r.err)")
        }
        let asked = try world.asked()
        #expect(asked.isEmpty, "\(asked)")
        let help = try world.op("app", "prune", "--help")
        #expect(help.out.contains("literal"), "\(help.out)")
        let prefixed = try world.op("app", "prune", "--match", "ci-[0-9]*", "--older-than", "60m", "--any-owner")
        #expect(prefixed.status == 0, "\(prefixed)")
        #expect(prefixed.json?["deleted"] as? [String] == ["ci-1"])
    }

    // MARK: Item 17: a create job that never finishes

    @Test func aCreateThatOutlivesTheDeadlineNamesTheJobTheInstanceAndTheDelete() throws {
        let world = try CFWorld()
        try world.settings(#"{"provisionSeconds": 600}"#)
        let late = try world.op("app", "create", "ci-slow", "--deadline", "5")
        #expect(late.status == 75, "\(late)")
        #expect(late.errorCode == "timeout", "\(late)")
        let job = try #require(try world.asked().compactMap { $0.components(separatedBy: "/v3/jobs/").dropFirst().first }.last)
        #expect(late.err.contains("job \(job)"), "\(late.err)")
        #expect(late.err.contains("ci-slow") && late.err.contains("hubctl app delete ci-slow"), "\(late.err)")
        #expect(late.err.contains("in progress"), "the instance's state, looked up within the deadline: \(late.err)")
        #expect(try world.op("app", "delete", "ci-slow").status == 0)
    }

    // MARK: Item 18: --max-apps against another run

    @Test func anotherRunsCreateOverMaxAppsIs73AndThisRunsAppGoes() throws {
        let world = try CFWorld()
        try world.instance("ci-1")
        try world.instance("ci-2")
        try world.settings(#"{"raceCreate": ["ci-racer"]}"#)
        let created = try world.op("app", "create", "ci-mine", "--max-apps", "3")
        #expect(created.status == 73, "\(created)")
        #expect(created.errorCode == "cannot_create", "\(created)")
        #expect(created.err.contains("ci-mine was deleted again"), "\(created.err)")
        #expect(try world.listed() == ["ci-1", "ci-2", "ci-racer"])
        #expect(try world.count("POST", "/app/ci-mine/restore") == 0)
    }
}
