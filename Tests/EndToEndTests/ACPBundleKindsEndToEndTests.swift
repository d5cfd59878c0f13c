// Client resource bundles as SMP 3 and Mobile Services document them (issue 29, item 2;
// docs/protocol.md §7; Tests/Fixtures/sap/bundles), through the built hubctl against the emulator:
// a PDF stored as one file, a zip without a manifest extracted, and the default bundle followed by
// `acp check`, `acp fetch` and `acp check --wait` when no bundle is assigned.
import Foundation
import Testing

/// A file of Tests/Fixtures/sap/bundles.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/bundles/\(name)").path
}

/// A zip of a few files and no META-INF/MANIFEST.MF, made with Python's zipfile.
private func zipWithoutManifest(at path: String, title: String) throws {
    let script = """
    import sys, zipfile
    path, title = sys.argv[1:3]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("tiles/home.json", '{"title": "%s"}' % title)
        z.writestr("styles/app.css", "body {}\\n")
    """
    let r = try run("/usr/bin/python3", ["-c", script, path, title])
    if r.status != 0 { throw HarnessError("python3: \(r.err)") }
}

private func sha256(_ path: String) throws -> String? {
    try run("/usr/bin/sha256sum", [path]).out.split(separator: " ").first.map(String.init)
}

@Suite(.serialized) struct ACPBundleKindsEndToEndTests {
    static let seed = "20251126"

    func registered(_ emu: Emulator) throws -> Hubctl {
        let hub = client(emu)
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        return hub
    }

    var profileDir: (Hubctl) -> String { { $0.dir.path + "/home/acp/com.example.demo" } }

    @Test func aPDFBundleIsFetchedAsOneFile() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.publish(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf")
        let r = try hub("acp", "fetch")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["bundleId"] as? String == "Guide:1.0")
        #expect(json["kind"] as? String == "file")
        #expect(json["file"] as? String == "Guide_1.0.pdf")
        #expect(json["source"] as? String == "assigned")
        #expect(json["extension"] as? String == "pdf")
        #expect(json["files"] as? Int == 1)
        #expect(json["bytes"] as? Int == 589)
        #expect((json["manifest"] as? [String: Any])?.isEmpty == true)
        #expect(json["sha256"] as? String == (try sha256(fixture("field-guide.pdf"))))
        let current = try #require(json["path"] as? String)
        #expect(try FileManager.default.contentsOfDirectory(atPath: current) == ["Guide_1.0.pdf"])
        #expect(FileManager.default.contents(atPath: current + "/Guide_1.0.pdf") == FileManager.default.contents(atPath: fixture("field-guide.pdf")))
        let check = try hub("acp", "check")
        #expect(check.json?["current"] as? String == "Guide:1.0")
        #expect(check.json?["updateAvailable"] as? Bool == false)
    }

    /// A server that keeps only the last extension of `appmc-1.1.0.tar.gz` says `gz` (issue 39,
    /// item 9): the tarball is the profile, extracted into `current`, not one file `Appmc_1.1.0.gz`.
    @Test func aTarballTheServerNamesGzIsExtracted() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let tarball = hub.dir.file("appmc-1.1.0.tar.gz")
        try Archives.make("targz", at: tarball, version: "1.1.0")
        try emu.publish(tarball, id: "Appmc:1.1.0", ext: "gz")
        let r = try hub("acp", "fetch")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["kind"] as? String == "archive", "\(json)")
        #expect(json["file"] == nil, "no one file: \(json)")
        #expect(json["extension"] as? String == "gz")
        #expect(json["files"] as? Int == 3)
        #expect(json["sha256"] as? String == (try sha256(tarball)))
        let current = try #require(json["path"] as? String)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: current)) == ["META-INF", "tiles", "styles"])
        #expect(FileManager.default.contents(atPath: current + "/tiles/home.json") == Data(#"{"title": "1.1.0"}"#.utf8))
        #expect((json["manifest"] as? [String: Any])?["Customization-Resource-Bundle-Version"] as? String == "1.1.0")
        // A gzip of one file that is no tar, named gz, is still that one file.
        let log = hub.dir.write("trace.log", String(repeating: "line\n", count: 200))
        #expect(try run("/usr/bin/gzip", ["-k", log]).status == 0)
        try emu.publish(log + ".gz", id: "Trace:1", ext: "gz")
        let one = try hub("acp", "fetch")
        #expect(one.status == 0, "\(one)")
        #expect(one.json?["kind"] as? String == "file" && one.json?["file"] as? String == "Trace_1.gz", "\(one)")
    }

    /// A name the server suggests is used when it is one plain name, never as a path.
    @Test func contentDispositionNamesTheFileOnlyWhenItIsPlain() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let dest = profileDir(hub)
        try emu.upload(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf", query: "?assign=true&filename=Field%20Guide.pdf")
        let plain = try hub("acp", "fetch")
        #expect(plain.json?["file"] as? String == "Field Guide.pdf", "\(plain)")
        #expect(FileManager.default.fileExists(atPath: dest + "/current/Field Guide.pdf"))

        try emu.upload(fixture("field-guide.pdf"), id: "Guide:2.0", ext: "pdf", query: "?assign=true&filename=..%2F..%2F..%2Fevil.pdf")
        let hostile = try hub("acp", "fetch")
        #expect(hostile.status == 0, "\(hostile)")
        #expect(hostile.json?["file"] as? String == "Guide_2.0.pdf", "\(hostile)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest + "/current") == ["Guide_2.0.pdf"])
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/evil.pdf"))
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/evil.pdf"))
    }

    @Test func aZipWithoutAManifestIsExtracted() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let zip = hub.dir.file("tiles.zip")
        try zipWithoutManifest(at: zip, title: "1.0")
        try emu.publish(zip, id: "Tiles:1.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["kind"] as? String == "archive")
        #expect(r.json?["file"] == nil)
        #expect(r.json?["files"] as? Int == 2)
        #expect((r.json?["manifest"] as? [String: Any])?.isEmpty == true)
        let current = profileDir(hub) + "/current"
        #expect(FileManager.default.contents(atPath: current + "/tiles/home.json").map { String(decoding: $0, as: UTF8.self) }
                == #"{"title": "1.0"}"#)
        #expect(!FileManager.default.fileExists(atPath: current + "/META-INF"))
    }

    /// Any file type is a bundle, but an identity provider's login page (200 text/html, no
    /// X-BUNDLE-EXTENSION html) is a protocol error: nothing is installed.
    @Test func anHTMLPageInsteadOfTheBundleIsRefused() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let zip = hub.dir.file("tiles.zip")
        try zipWithoutManifest(at: zip, title: "1.0")
        try emu.publish(zip, id: "Tiles:1.0")
        let (status, _) = try emu.control("POST", "/_emulator/faults",
                                          json: #"{"garbage": "<!DOCTYPE html><html><body><form>Sign in</form></body></html>", "contentType": "text/html;charset=utf-8", "path": "/bundles/"}"#)
        #expect(status == 200 || status == 201 || status == 204)
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "malformed_response")
        #expect(r.message.contains("HTML"))
        #expect(!FileManager.default.fileExists(atPath: profileDir(hub) + "/current"), "nothing was installed")
    }

    /// Issue 39, item 10: the default bundle's address answering a login page (200 text/html) is
    /// checked as a fetch checks it: no update is announced, the check fails (65), and a wait ends
    /// with that error instead of waking for it.
    @Test func aLoginPageAtTheDefaultBundleIsNoNewProfile() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let login = #"{"garbage": "<!DOCTYPE html><html><body><form>Sign in</form></body></html>", "contentType": "text/html", "path": "/bundles/", "count": -1}"#
        #expect(try emu.control("POST", "/_emulator/faults", json: login).status == 201)
        let check = try hub("acp", "check")
        #expect(check.status == 65, "\(check)")
        #expect(check.errorCode == "malformed_response", "\(check)")
        #expect(check.out.isEmpty, "no updateAvailable: \(check.out)")
        let wait = try hub("acp", "check", "--wait", "--fetch", "--interval", "1", "--deadline", "20")
        #expect(wait.status == 65, "\(wait)")
        #expect(!FileManager.default.fileExists(atPath: profileDir(hub) + "/current"), "nothing was installed")
    }

    /// Issue 39, item 11: the assignment goes from a named bundle to none, and the default bundle
    /// is the same bytes as the profile in use: the same revision is no update, whatever the name.
    @Test func theSameBytesUnderTheDefaultsAddressAreNoUpdate() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.publish(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf")   // the first upload: also the default
        #expect(try hub("acp", "fetch").status == 0)
        #expect(try emu.control("POST", "/_emulator/assign", json: #"{"appId": "com.example.demo", "bundleId": null}"#).status == 200)
        let check = try hub("acp", "check")
        #expect(check.status == 0, "\(check)")
        #expect(check.json?["source"] as? String == "default", "\(check.out)")
        #expect(check.json?["updateAvailable"] as? Bool == false, "the default is the profile in use: \(check.out)")
        let fetch = try hub("acp", "fetch")
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.json?["updated"] as? Bool == false, "nothing re-installed: \(fetch.out)")
        // Other bytes as the default are an update.
        let other = hub.dir.file("other.xml")
        try Data(#"<?xml version="1.0"?><guide version="2"/>"#.utf8).write(to: URL(fileURLWithPath: other))
        try emu.upload(other, id: "Guide:1.0", ext: "xml")
        #expect(try hub("acp", "check").json?["updateAvailable"] as? Bool == true)
    }

    /// Issue 39, item 12: a server that sends the same ETag over other bytes (and answers in full):
    /// when both digests are known and differ, that is an update, for check as for fetch.
    @Test func theSameETagOverOtherBytesIsAnUpdate() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.upload(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf", query: "?etag=v1&conditional=false")
        #expect(try hub("acp", "fetch").json?["updated"] as? Bool == true)
        #expect(try hub("acp", "check").json?["updateAvailable"] as? Bool == false, "the same bytes")
        let other = hub.dir.file("other.xml")
        try Data(#"<?xml version="1.0"?><guide version="2"/>"#.utf8).write(to: URL(fileURLWithPath: other))
        try emu.upload(other, id: "Guide:1.0", ext: "xml", query: "?etag=v1&conditional=false")
        let check = try hub("acp", "check")
        #expect(check.json?["updateAvailable"] as? Bool == true, "same ETag, other bytes: \(check.out)")
        let wait = try hub("acp", "check", "--wait", "--interval", "1", "--deadline", "20")
        #expect(wait.status == 0, "\(wait)")
        #expect(wait.json?["updateAvailable"] as? Bool == true, "\(wait.out)")
        let fetch = try hub("acp", "fetch")
        #expect(fetch.json?["updated"] as? Bool == true, "\(fetch.out)")
        #expect(try hub("acp", "check").json?["updateAvailable"] as? Bool == false)
    }

    /// A manifest is optional, but one that names another bundle is still refused, and the
    /// profile in use stays.
    @Test func aZipWhoseManifestNamesAnotherBundleIsRefused() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let zip = hub.dir.file("tiles.zip")
        try zipWithoutManifest(at: zip, title: "1.0")
        try emu.publish(zip, id: "Tiles:1.0")
        #expect(try hub("acp", "fetch").status == 0)
        let before = tree(profileDir(hub))
        let wrong = hub.dir.file("wrong.zip")
        try Archives.make("zip", at: wrong, name: "Tiles", version: "9.9")
        try emu.publish(wrong, id: "Tiles:2.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "bundle_mismatch")
        #expect(tree(profileDir(hub)) == before)
        #expect(try hub("acp", "check").json?["current"] as? String == "Tiles:1.0")
    }

    /// No CustomizationBundleId: `acp check` and `acp fetch` follow the default bundle, the first one
    /// uploaded; a fetch of the same version is a conditional read answered 304.
    @Test func withNoAssignedBundleCheckAndFetchFollowTheDefaultBundle() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let nothing = try hub("acp", "check")
        #expect(nothing.status == 0, "\(nothing)")
        #expect(nothing.json?["source"] as? String == "default")
        #expect(nothing.json?["available"] is NSNull)
        #expect(nothing.json?["updateAvailable"] as? Bool == false)
        let none = try hub("acp", "fetch")
        #expect(none.status == 66, "\(none)")
        #expect(none.errorCode == "no_bundle_assigned", "\(none)")

        try emu.upload(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf")
        let check = try hub("acp", "check")
        #expect(check.json?["source"] as? String == "default", "\(check)")
        #expect(check.json?["available"] as? String == "default")
        #expect(check.json?["updateAvailable"] as? Bool == true)
        let revision = try #require(check.json?["availableRevision"] as? String)
        #expect(revision.hasPrefix("etag:"), "\(revision)")
        #expect(check.json?["currentRevision"] is NSNull)

        let fetched = try hub("acp", "fetch")
        #expect(fetched.status == 0, "\(fetched)")
        #expect(fetched.json?["bundleId"] as? String == "default")
        #expect(fetched.json?["source"] as? String == "default")
        #expect(fetched.json?["kind"] as? String == "file")
        #expect(fetched.json?["file"] as? String == "default.pdf")
        #expect(fetched.json?["updated"] as? Bool == true)
        #expect(fetched.json?["revision"] as? String == revision)
        #expect(FileManager.default.contents(atPath: profileDir(hub) + "/current/default.pdf")
                == FileManager.default.contents(atPath: fixture("field-guide.pdf")))

        let upToDate = try hub("acp", "check")
        #expect(upToDate.json?["current"] as? String == "default")
        #expect(upToDate.json?["updateAvailable"] as? Bool == false, "\(upToDate)")
        #expect(upToDate.json?["currentRevision"] as? String == revision)
        try emu.control("DELETE", "/_emulator/requests")
        let again = try hub("acp", "fetch")
        #expect(again.json?["updated"] as? Bool == false, "\(again)")
        let read = try #require(emu.bundleReads().last)
        #expect(read["status"] as? Int == 304, "\(read)")

        // The administrator replaces the default bundle: another version, told by its ETag.
        let newer = hub.dir.file("guide.xml")
        try Data(#"<?xml version="1.0"?><guide version="2"/>"#.utf8).write(to: URL(fileURLWithPath: newer))
        try emu.upload(newer, id: "Guide:1.0", ext: "xml")
        let changed = try hub("acp", "check")
        #expect(changed.json?["updateAvailable"] as? Bool == true, "\(changed)")
        #expect(changed.json?["availableRevision"] as? String != revision)
        let second = try hub("acp", "fetch")
        #expect(second.json?["updated"] as? Bool == true, "\(second)")
        #expect(second.json?["file"] as? String == "default.xml")

        // An assigned bundle takes precedence over the default one.
        try emu.publish(fixture("field-guide.pdf"), id: "Guide:3.0", ext: "pdf")
        let assigned = try hub("acp", "check")
        #expect(assigned.json?["source"] as? String == "assigned")
        #expect(assigned.json?["available"] as? String == "Guide:3.0")
        #expect(assigned.json?["updateAvailable"] as? Bool == true)
    }

    /// `acp check --wait` with no bundle assigned ends when the default bundle changes (a new
    /// upload under the default's id: a new ETag); its checks are conditional.
    @Test func checkWaitNoticesANewDefaultBundle() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.upload(fixture("field-guide.pdf"), id: "Guide:1.0", ext: "pdf")
        #expect(try hub("acp", "fetch").status == 0)
        try emu.control("DELETE", "/_emulator/requests")
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(eventually { emu.bundleReads().contains { ($0["status"] as? Int) == 304 } }, "a conditional check answered 304")
        #expect(waiting.process.isRunning, "still waiting: \(waiting.stderrText)")

        let newer = hub.dir.file("guide.xml")
        try Data(#"<?xml version="1.0"?><guide version="2"/>"#.utf8).write(to: URL(fileURLWithPath: newer))
        try emu.upload(newer, id: "Guide:1.0", ext: "xml")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["source"] as? String == "default", "\(r)")
        #expect(r.json?["available"] as? String == "default")
        #expect(r.json?["current"] as? String == "default")
        #expect(r.json?["updateAvailable"] as? Bool == true)
        #expect(r.json?["availableRevision"] as? String != r.json?["currentRevision"] as? String)
        #expect(r.json?["fetch"] == nil)
    }

    /// With --fetch, from an application with no bundle at all: the first upload (a zip without a
    /// manifest) becomes the default bundle, is noticed, fetched and extracted.
    @Test func checkWaitFetchesTheFirstDefaultBundle() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.control("DELETE", "/_emulator/requests")
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(eventually { emu.bundleReads().contains { ($0["status"] as? Int) == 404 } }, "a check found no default bundle")
        #expect(waiting.process.isRunning, "still waiting: \(waiting.stderrText)")

        let zip = hub.dir.file("tiles.zip")
        try zipWithoutManifest(at: zip, title: "default")
        try emu.upload(zip, id: "Tiles:1.0", ext: "zip")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["current"] is NSNull, "\(r)")
        let fetched = try #require(r.json?["fetch"] as? [String: Any], "\(r)")
        #expect(fetched["bundleId"] as? String == "default")
        #expect(fetched["kind"] as? String == "archive")
        #expect(fetched["updated"] as? Bool == true)
        #expect(FileManager.default.contents(atPath: profileDir(hub) + "/current/tiles/home.json").map { String(decoding: $0, as: UTF8.self) }
                == #"{"title": "default"}"#)
        #expect(try hub("acp", "check").json?["updateAvailable"] as? Bool == false)
    }
}
