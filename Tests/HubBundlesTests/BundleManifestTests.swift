// BundleManifest: Java manifest parsing and the check against the requested bundle id.

import Foundation
import HubBundles
import HubCore
import Testing

@Suite struct BundleManifestTests {
    @Test func parsesCRLFAndContinuationLines() throws {
        let text = "Manifest-Version: 1.0\r\nCustomization-Resource-Bundle-Name: Appm\r\n c\r\nCustomization-Resource-Bundle-Version: 1.2.1\r\nCreated-By:\r\n\r\nName: tiles/x\r\nSHA-256-Digest: zz\r\n"
        let manifest = try BundleManifest(parsing: Data(text.utf8))
        #expect(manifest.bundleName == "Appmc")
        #expect(manifest.bundleVersion == "1.2.1")
        #expect(manifest.bundleId == "Appmc:1.2.1")
        #expect(manifest.attributes["Created-By"] == "")
        #expect(manifest.attributes["Name"] == nil)   // per-entry sections are not the main section
        #expect(manifest.attributes.count == 4)
    }

    @Test func parsesLF() throws {
        let manifest = try BundleManifest(parsing: Data("Customization-Resource-Bundle-Name: A\nCustomization-Resource-Bundle-Version: 2\n".utf8))
        try manifest.verify(bundleId: "A:2")
    }

    @Test func mismatchNamesBoth() throws {
        let manifest = BundleManifest(attributes: [BundleManifest.nameKey: "Appmc", BundleManifest.versionKey: "1.2.0"])
        let error = #expect(throws: HubError.self) { try manifest.verify(bundleId: "Appmc:1.2.1") }
        #expect(error?.code == .bundleMismatch)
        #expect(error?.exitCode == 65)
        #expect(error?.message.contains("Appmc:1.2.0") == true)
        #expect(error?.message.contains("Appmc:1.2.1") == true)
    }

    @Test func incompleteManifestIsRefused() throws {
        let manifest = BundleManifest(attributes: [BundleManifest.nameKey: "Appmc"])
        let error = #expect(throws: HubError.self) { try manifest.verify(bundleId: "Appmc:1.2.1") }
        #expect(error?.code == .manifestInvalid)
    }

    @Test func malformedLinesAreRefused() throws {
        #expect(throws: HubError.self) { try BundleManifest(parsing: Data(" starts with a continuation\n".utf8)) }
        #expect(throws: HubError.self) { try BundleManifest(parsing: Data("no colon here\n".utf8)) }
        #expect(throws: HubError.self) { try BundleManifest(parsing: Data([0xff, 0xfe, 0x3a, 0x20])) }
    }

    @Test func aManifestThatIsADirectoryIsInvalid() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/META-INF/MANIFEST.MF", withIntermediateDirectories: true)
        let error = #expect(throws: HubError.self) { try BundleManifest.read(fromExtracted: scratch.path) }
        #expect(error?.code == .manifestInvalid)
        #expect(error?.exitCode == 65)
    }

    /// SMP 3 and Mobile Services take bundles of any type: a manifest is optional (docs/protocol.md §7).
    @Test func aMissingManifestIsNone() throws {
        let scratch = try Scratch()
        #expect(try BundleManifest.read(fromExtracted: scratch.path) == nil)
    }

    @Test func aManifestThatNamesNoBundleIsNotChecked() throws {
        let manifest = try BundleManifest(parsing: Data("Manifest-Version: 1.0\nCreated-By: 17\n".utf8))
        #expect(!manifest.namesBundle)
        try manifest.verify(bundleId: "Appmc:1.2.1")
    }
}
