// Issue #50 item 1 through the built hubctl against hubctl-emulator's App Update routes: an MDK
// bundle and a hybrid app (a directory, a zip on stdin) deployed, listed, promoted, a pending
// revision deleted, prune keeping K, --promote in one command; a cut upload (the emulator holds
// its answer after storing, hubctl's deadline passes) reported with the command that deletes what
// it left; the refusals before sending with the request log free of writes. Basic on the Admin
// API, with no Cloud Foundry configuration at all. And a device's side: once promoted, SMP 3's
// lifecycle check (as SAP's Kapsel CLI asks it) gives a registered device the bytes deployed.
import Foundation
import Testing

/// An emulator with applications that have the App Update feature, and a hubctl without cf.
struct VersionWorld {
    let world: CFWorld
    let hub: Hubctl
    let basic: [String]

    init(apps: [String]) throws {
        world = try CFWorld()
        for app in apps {
            let (status, body) = try world.emu.control("POST", "/_emulator/cf/apps", json: #"{"id": "\#(app)", "features": ["app-update"]}"#)
            #expect(status == 201 || status == 200, "\(String(decoding: body, as: UTF8.self))")
        }
        let password = world.dir.write("admin-password", CFWorld.ciPassword)
        chmod(password, 0o600)
        let admin = try #require(world.info["adminAPI"] as? String)
        basic = ["--admin-api", admin, "--admin-user", CFWorld.user, "--admin-password-file", password]
        // No CF_HOME config, no token: only the Basic flags.
        hub = Hubctl(dir: TempDir("version-op"), environment: ["CF_HOME": world.dir.path + "/no-cf"])
        try world.clearLog()
    }

    func callAsFunction(_ arguments: String..., stdin: Data? = nil) throws -> RunResult {
        try hub.run(["app", "version"] + arguments + basic, stdin: stdin)
    }

    /// The emulator's state of `app`: per platform current, staged, pending (with bytes and sha256).
    func state(_ app: String) throws -> [String: Any] {
        let (status, body) = try world.emu.control("GET", "/_emulator/app-update/\(app)")
        #expect(status == 200)
        return (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }

    /// The pending revisions of each platform, as the emulator holds them.
    func pending(_ app: String) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for p in try state(app)["platforms"] as? [[String: Any]] ?? [] {
            result[p["platform"] as? String ?? ""] = (p["pending"] as? [[String: Any]] ?? []).compactMap { $0["revision"] as? Int }
        }
        return result
    }

    func current(_ app: String) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for p in try state(app)["platforms"] as? [[String: Any]] ?? [] {
            result[p["platform"] as? String ?? ""] = (p["current"] as? [String: Any])?["revision"] as? Int
        }
        return result
    }

    /// Requests other than GET the emulator received.
    func writes() throws -> [String] {
        try world.requests().filter { $0["method"] as? String != "GET" }.map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
    }
}

/// The `revisions` of a deploy's report as "platform revision" lines.
func revisions(_ result: RunResult) -> [String] {
    (result.json?["revisions"] as? [[String: Any]] ?? []).map { "\($0["platform"] as? String ?? "?") \($0["revision"] as? Int ?? -9)" }
}

/// A zip at `path` holding `entries`, made with Python's zipfile.
func writeZip(_ path: String, _ entries: [String: String]) throws {
    let script = """
    import json, sys, zipfile
    with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in sorted(json.loads(sys.argv[2]).items()): z.writestr(k, v)
    """
    let json = String(decoding: try JSONSerialization.data(withJSONObject: entries), as: UTF8.self)
    let r = try run("/usr/bin/python3", ["-c", script, path, json])
    if r.status != 0 { throw HarnessError("python3: \(r.err)") }
}

/// A hybrid app's two platform folders, each with config.xml and www/.
func hybridEntries(_ version: String) -> [String: String] {
    var entries: [String: String] = [:]
    for platform in ["android", "ios"] {
        entries["\(platform)/config.xml"] = #"<widget id="com.example.ci" version="\#(version)"/>"#
        entries["\(platform)/www/index.html"] = "<html>\(platform) \(version)</html>"
    }
    return entries
}

@Suite(.serialized) struct AppVersionEndToEndTests {
    @Test func anMDKBundleIsDeployedListedAndPromoted() throws {
        let v = try VersionWorld(apps: ["ci-mdk"])
        let zip = v.world.dir.file("mdk.zip")
        try writeZip(zip, ["bundle.js": "// MDK app", "Application.app": "{}"])
        let first = try v("deploy", "ci-mdk", zip, "--kind", "mdk")
        #expect(first.status == 0, "\(first)")
        #expect(revisions(first) == ["AppModeler 1"])
        // The report's bytes and sha256 are the emulator's.
        let stored = try #require(((v.state("ci-mdk")["platforms"] as? [[String: Any]])?.first?["pending"] as? [[String: Any]])?.first)
        #expect(stored["sha256"] as? String == first.json?["sha256"] as? String)
        #expect(stored["bytes"] as? Int == first.json?["bytes"] as? Int)
        #expect((try Data(contentsOf: URL(fileURLWithPath: zip))).count == first.json?["bytes"] as? Int)

        let listed = try v("list", "ci-mdk")
        #expect(listed.status == 0, "\(listed)")
        let platform = try #require((listed.json?["platforms"] as? [[String: Any]])?.first)
        #expect(platform["platform"] as? String == "AppModeler")
        #expect((platform["pending"] as? [[String: Any]])?.map { $0["revision"] as? Int } == [1])

        // cf's login (its config.json and bearer token) instead of Basic: the same answer.
        let bearer = try v.world.op("app", "version", "list", "ci-mdk")
        #expect(bearer.status == 0, "\(bearer)")
        #expect((bearer.json?["platforms"] as? [[String: Any]])?.first?["platform"] as? String == "AppModeler")

        let promoted = try v("promote", "ci-mdk")
        #expect(promoted.status == 0, "\(promoted)")
        #expect(try v.current("ci-mdk") == ["AppModeler": 1])

        // --promote in one command: the new revision, current at once.
        let oneStep = try v("deploy", "ci-mdk", zip, "--kind", "mdk", "--promote")
        #expect(oneStep.status == 0, "\(oneStep)")
        #expect(oneStep.json?["promoted"] as? Bool == true)
        #expect(try v.current("ci-mdk") == ["AppModeler": 2])
        #expect(try v.pending("ci-mdk") == ["AppModeler": []])
    }

    @Test func aHybridAppIsDeployedDeletedAndPruned() throws {
        let v = try VersionWorld(apps: ["ci-hybrid"])
        let tree = v.world.dir.path + "/tree"
        for (path, text) in hybridEntries("1.0") { _ = v.world.dir.write("tree/" + path, text) }
        let fromTree = try v("deploy", "ci-hybrid", tree, "--kind", "hybrid")
        #expect(fromTree.status == 0, "\(fromTree)")
        #expect(revisions(fromTree) == ["android 1", "ios 1"])
        // A zip on stdin, twice.
        let zip = v.world.dir.file("hybrid.zip")
        try writeZip(zip, hybridEntries("1.1"))
        for expected in [2, 3] {
            let piped = try v("deploy", "ci-hybrid", "-", "--kind", "hybrid", stdin: try Data(contentsOf: URL(fileURLWithPath: zip)))
            #expect(piped.status == 0, "\(piped)")
            #expect(revisions(piped) == ["android \(expected)", "ios \(expected)"])
        }
        #expect(try v.pending("ci-hybrid") == ["android": [1, 2, 3], "ios": [1, 2, 3]])

        let deleted = try v("delete", "ci-hybrid", "--pending", "--revision", "2", "--app-platform", "android")
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try v.pending("ci-hybrid") == ["android": [1, 3], "ios": [1, 2, 3]])

        let dry = try v("prune", "ci-hybrid", "--keep", "1", "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(try v.pending("ci-hybrid") == ["android": [1, 3], "ios": [1, 2, 3]])
        let pruned = try v("prune", "ci-hybrid", "--keep", "1")
        #expect(pruned.status == 0, "\(pruned)")
        #expect(try v.pending("ci-hybrid") == ["android": [3], "ios": [3]])

        let promoted = try v("promote", "ci-hybrid", "--revision", "3", "--app-platform", "ios")
        #expect(promoted.status == 0, "\(promoted)")
        #expect(try v.current("ci-hybrid")["ios"] == 3)
        #expect(try v.pending("ci-hybrid") == ["android": [3], "ios": []])

        let all = try v("delete", "ci-hybrid", "--all", "--yes")
        #expect(all.status == 0, "\(all)")
        #expect(try v.pending("ci-hybrid").isEmpty)
    }

    @Test func aCutUploadNamesThePendingRevisionItLeft() throws {
        let v = try VersionWorld(apps: ["ci-cut"])
        let zip = v.world.dir.file("mdk.zip")
        try writeZip(zip, ["bundle.js": "// MDK app"])
        let (status, _) = try v.world.emu.control("PUT", "/_emulator/app-update/settings", json: #"{"holdAfterStore": 6}"#)
        #expect(status == 200)
        let cut = try v.hub.run(["app", "version", "deploy", "ci-cut", zip, "--kind", "mdk", "--deadline", "2"] + v.basic)
        #expect(cut.status == 75, "\(cut)")
        let command = "hubctl app version delete ci-cut --pending --revision 1 --app-platform AppModeler"
        let left = try #require(cut.json?["leftPending"] as? [[String: Any]])
        #expect(left.map { $0["deleteCommand"] as? String } == [command])
        let named = cut.err.contains(command)
        #expect(named, "\(cut.err)")
        // hubctl deleted nothing: the revision is there until the named command runs.
        #expect(try v.pending("ci-cut") == ["AppModeler": [1]])
        #expect(try v.world.emu.control("PUT", "/_emulator/app-update/settings", json: #"{"holdAfterStore": 0}"#).status == 200)
        let words = command.split(separator: " ").map(String.init).dropFirst()
        let removed = try v.hub.run(Array(words) + v.basic)
        #expect(removed.status == 0, "\(removed)")
        #expect(try v.pending("ci-cut").values.flatMap { $0 }.isEmpty)
    }

    @Test func refusalsSendNothing() throws {
        let v = try VersionWorld(apps: ["ci-refuse"])
        let text = v.world.dir.write("notes.txt", "not a zip")
        let flat = v.world.dir.file("flat.zip")
        try writeZip(flat, ["index.html": "<html/>"])
        let encrypted = v.world.dir.file("encrypted.zip")
        // An entry whose general purpose flag has bit 0 set (the "encrypted" bit), in its local
        // header and its central directory entry (zipfile clears the bit, so it is set afterwards).
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("bundle.js", b"x")
        data = bytearray(open(sys.argv[1], "rb").read())
        data[6] |= 1
        data[data.index(b"PK\\x01\\x02") + 8] |= 1
        open(sys.argv[1], "wb").write(bytes(data))
        """
        #expect(try run("/usr/bin/python3", ["-c", script, encrypted]).status == 0)
        let pending = v.world.dir.file("mdk.zip")
        try writeZip(pending, ["bundle.js": "// MDK"])
        #expect(try v("deploy", "ci-refuse", pending, "--kind", "mdk").status == 0)
        try v.world.clearLog()
        let cases: [[String]] = [
            ["deploy", "ci-refuse", text, "--kind", "mdk"],
            ["deploy", "ci-refuse", flat, "--kind", "hybrid"],
            ["deploy", "ci-refuse", encrypted, "--kind", "mdk"],
            ["deploy", "ci-refuse", pending, "--kind", "mdk", "--promote", "--app-platform", "windows"],
            ["promote", "ci-refuse", "--revision", "9"],
            ["delete", "ci-refuse", "--all"],
            ["delete", "ci-refuse", "--pending", "--revision", "4"],
            ["prune", "ci-refuse", "--keep=-1"],
        ]
        for arguments in cases {
            let refused = try v.hub.run(["app", "version"] + arguments + v.basic)
            #expect(refused.status == 64, "\(arguments): \(refused)")
        }
        let writes = try v.writes()
        #expect(writes.isEmpty, "\(writes)")
        #expect(try v.pending("ci-refuse") == ["AppModeler": [1]])
    }

    /// What a device gets once a version is promoted: a device of the app registers with hubctl,
    /// then asks SMP 3's lifecycle service as SAP's Kapsel CLI does (`POST /odata/lcm/v1/ListApps`
    /// with its X-SMP-APPCID and the body of Tests/Fixtures/sap/app-update/lcm-listapps-request.json)
    /// and downloads the answer's Path: the bytes hubctl deployed, for the platform it promoted only.
    @Test func aDeviceGetsWhatWasPromoted() throws {
        let v = try VersionWorld(apps: ["ci-device"])
        let zip = v.world.dir.file("hybrid.zip")
        try writeZip(zip, hybridEntries("2.0"))
        let deployed = try v("deploy", "ci-device", zip, "--kind", "hybrid", "--promote", "--app-platform", "android")
        #expect(deployed.status == 0, "\(deployed)")
        #expect(try v.current("ci-device") == ["android": 1])

        let device = client(v.world.emu, user: CFWorld.user, password: CFWorld.ciPassword, app: "ci-device")
        let registered = try device("register")
        #expect(registered.status == 0, "\(registered)")
        let cid = try #require(registered.json?["ApplicationConnectionId"] as? String)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sap/app-update/lcm-listapps-request.json").path
        let ask = { (body: String) throws -> [[String: Any]] in
            let r = try run("/usr/bin/curl", ["-sS", "-f", "-X", "POST", "-H", "X-SMP-APPCID: \(cid)", "-H", "Content-Type: application/json",
                                              "-H", "Accept: application/json", "--data-binary", body, v.world.emu.url + "/odata/lcm/v1/ListApps"])
            #expect(r.status == 0, "\(r)")
            return ((r.json?["d"] as? [String: Any])?["results"] as? [[String: Any]]) ?? [["unreadable": r.out]]
        }
        let android = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(android.contains(#""osName":"Android""#), "the fixture asks for Android")
        let update = try ask(android)
        #expect(update.count == 1, "\(update)")
        #expect(update.first?["Revision"] as? Int == 1)
        let path = try #require(update.first?["Path"] as? String)
        let downloaded = v.world.dir.file("downloaded.zip")
        let url = path.hasPrefix("http") ? path : v.world.emu.url + path
        let got = try run("/usr/bin/curl", ["-sS", "-f", "-H", "X-SMP-APPCID: \(cid)", "-o", downloaded, url])
        #expect(got.status == 0, "\(got)")
        let sent = try Data(contentsOf: URL(fileURLWithPath: zip)), received = try Data(contentsOf: URL(fileURLWithPath: downloaded))
        #expect(sent == received, "the device gets the bytes hubctl deployed")
        // iOS's revision is still pending: nothing for an iOS device.
        #expect(try ask(android.replacingOccurrences(of: #""osName":"Android""#, with: #""osName":"iOS""#)).isEmpty)
    }
}
