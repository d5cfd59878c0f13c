// `hubctl app version deploy` in-process against a scripted App Update API: a hybrid directory
// and an MDK zip uploaded, the new revisions learnt from the details read before and after,
// --promote, the refusals before sending, and a cut upload's pending revisions reported.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite(.serialized) struct AppVersionDeployTests {
    @Test func aHybridDirectoryIsZippedUploadedAndItsRevisionsReported() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1)
        let dir = try bench.hybridTree("www")
        let result = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid"], fake)
        #expect(result.exitCode == 0, "\(result)")
        let json = try #require(result.json)
        #expect(json["revisions"] == .array([.object(["platform": .string("android"), "revision": .int(2)]),
                                              .object(["platform": .string("ios"), "revision": .int(1)])]))
        #expect(json["promoted"] == .bool(false))
        #expect(json["uploaded"] == .bool(true))
        let uploaded = fake.state.withLock { $0.uploaded }
        #expect(json["bytes"] == .int(Int64(uploaded.count)))
        #expect(json["sha256"] == .string(try sha256Hex(uploaded)))
        // The details before, the upload, the details after; nothing else.
        #expect(fake.requests == ["GET " + FakeAppUpdate.url, "POST " + FakeAppUpdate.url, "GET " + FakeAppUpdate.url])
        let android = json["platforms"]?.fakeArray?.first
        #expect(android?["pending"] == .array([.object(["revision": .int(2), "lastModified": .string("2025-12-31T23:20:00Z")])]))
        // The same tree zips to the same bytes.
        let again = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid"], fake)
        #expect(again.json?["sha256"] == json["sha256"])
    }

    @Test func anMDKZipIsPromotedInOneCommand() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.state.withLock { $0.deployTo = ["AppModeler"] }
        fake.set("AppModeler", current: 1, pending: [2])
        let zip = try bench.zip("mdk.zip", ["bundle.js": "// mdk", "Application.app": "{}"])
        let result = await bench.version(["deploy", FakeAppUpdate.app, zip, "--kind", "mdk", "--promote"], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.json?["revisions"] == .array([.object(["platform": .string("AppModeler"), "revision": .int(3)])]))
        #expect(result.json?["promoted"] == .bool(true))
        // Exactly the revision this upload added, not the older pending one.
        #expect(fake.bodies.last == #"[{"platform":"AppModeler","revisions":[3]}]"#)
        let platforms = result.json?["platforms"]?.fakeArray
        #expect(platforms?.first?["current"]?["revision"] == .int(3))
        #expect(platforms?.first?["pending"] == .array([.object(["revision": .int(2), "lastModified": .string("2025-12-31T23:20:00Z")])]))
    }

    @Test func promoteOfOnePlatformPromotesOnlyIt() async throws {
        let (bench, fake) = try await appVersionBench()
        let dir = try bench.hybridTree("app")
        let result = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid", "--promote", "--app-platform", "ios"], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(fake.bodies.last == #"[{"platform":"ios","revisions":[1]}]"#)
    }

    @Test func twoRevisionsOnAPlatformAreNotGuessedBetween() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.state.withLock { $0.concurrentUpload = true }
        let dir = try bench.hybridTree("app")
        let result = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid", "--promote"], fake)
        #expect(result.exitCode == 69, "\(result)")
        let promotes = fake.requests.filter { $0.hasSuffix("/promotePending") }
        #expect(promotes.isEmpty)
        #expect(result.err.contains("nothing was promoted"))
    }

    @Test func refusalsBeforeSending() async throws {
        let (bench, fake) = try await appVersionBench()
        let dir = try bench.hybridTree("app")
        let notZip = bench.root + "/notes.txt"
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: notZip))
        let flat = try bench.zip("flat.zip", ["index.html": "<html/>"])
        let upper = try bench.zip("upper.zip", ["Android/config.xml": "x", "Android/www/index.html": "x"])
        let noWWW = try bench.zip("nowww.zip", ["ios/config.xml": "x"])
        let cases: [([String], String)] = [
            (["deploy", FakeAppUpdate.app, notZip, "--kind", "mdk"], "is not a zip"),
            (["deploy", FakeAppUpdate.app, flat, "--kind", "hybrid"], "no platform folder"),
            (["deploy", FakeAppUpdate.app, upper, "--kind", "hybrid"], "lower case"),
            (["deploy", FakeAppUpdate.app, noWWW, "--kind", "hybrid"], "lacks www/"),
            (["deploy", FakeAppUpdate.app, dir], "needs --kind"),
            (["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid", "--app-platform", "ios"], "give --promote"),
            (["deploy", "bad/id", dir, "--kind", "hybrid"], "cannot be a Mobile Services application id"),
        ]
        for (arguments, message) in cases {
            let result = await bench.version(arguments, fake)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            let said = result.err.contains(message)
            #expect(said, "\(arguments): \(result.err)")
        }
        #expect(fake.requests.isEmpty, "\(fake.requests)")
        // An unknown platform: known from the package, refused after the first read, before the upload.
        let unknown = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid", "--promote", "--app-platform", "windows"], fake)
        #expect(unknown.exitCode == 64, "\(unknown)")
        #expect(fake.requests == ["GET " + FakeAppUpdate.url])
    }

    @Test func argvGivesTheOptions() throws {
        #expect(try parsedOptions(["app", "version", "deploy", "ci-1", "app.zip", "--kind", "hybrid", "--promote", "--app-platform", "ios", "--app-platform", "android"],
                                  as: AppVersionDeploy.self)
                == AppVersionDeploy.Options(source: AppAdminSource(), app: "ci-1", file: "app.zip", kind: .hybrid, promote: true, platforms: ["ios", "android"]))
    }

    @Test func aCutUploadReportsThePendingRevisionsItMayHaveLeft() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.state.withLock { $0.failAfterStore = 502 }
        fake.set("ios", current: 1)
        let dir = try bench.hybridTree("app")
        let result = await bench.version(["deploy", FakeAppUpdate.app, dir, "--kind", "hybrid"], fake)
        #expect(result.exitCode == 69, "\(result)")
        let left = try #require(result.json?["leftPending"]?.fakeArray)
        #expect(left.count == 2)
        #expect(left.first?["deleteCommand"] == .string("hubctl app version delete ci-ver --pending --revision 1 --app-platform android"))
        #expect(left.last?["deleteCommand"] == .string("hubctl app version delete ci-ver --pending --revision 2 --app-platform ios"))
        let named = result.err.contains("hubctl app version delete ci-ver --pending --revision 2 --app-platform ios")
        #expect(named, "\(result.err)")
        // Read once more after the failure; nothing deleted.
        #expect(fake.requests == ["GET " + FakeAppUpdate.url, "POST " + FakeAppUpdate.url, "GET " + FakeAppUpdate.url])
    }
}

extension JSONValue {
    /// The items of an array (nil for anything else), for the `app version` tests.
    var fakeArray: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
