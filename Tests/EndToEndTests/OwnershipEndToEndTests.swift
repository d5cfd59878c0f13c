// Never delete what hubctl did not create (issue 11, class 1): a --dest that is not a profile
// directory hubctl made is refused untouched, and in one it made, a user's own files survive
// installs, leftover clean-up and pruning.

import Foundation
import Testing

@Suite(.serialized) struct OwnershipEndToEndTests {
    func publish(_ emu: Emulator, _ hub: Hubctl, version: String) throws {
        let file = hub.dir.file("v\(version).zip")
        try Archives.make("zip", at: file, version: version)
        try emu.publish(file, id: "Appmc:\(version)")
    }

    @Test func aDestinationThatIsNotAProfileDirectoryIsRefusedUntouched() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        try publish(emu, hub, version: "1.0.0")
        let dest = hub.dir.path + "/site"
        try FileManager.default.createDirectory(atPath: dest + "/versions/2025", withIntermediateDirectories: true)
        _ = hub.dir.write("site/index.html", "<h1>mine</h1>")
        _ = hub.dir.write("site/.staging-notes", "mine too")
        let before = listing(dest)
        let r = try hub("acp", "fetch", "--dest", dest)
        #expect(r.status == 73, "\(r)")
        #expect(r.errorCode == "not_a_profile_directory", "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(listing(dest) == before, "nothing in it was touched")
    }

    @Test func aUsersFilesInAProfileDirectorySurviveInstallsAndPruning() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let dest = hub.dir.path + "/profile"
        try publish(emu, hub, version: "1.0.0")
        #expect(try hub("acp", "fetch", "--dest", dest).status == 0)
        // Things a user (or another tool) put into the directory hubctl made.
        try FileManager.default.createDirectory(atPath: dest + "/versions/my-own", withIntermediateDirectories: true)
        _ = hub.dir.write("profile/versions/my-own/data.txt", "keep")
        _ = hub.dir.write("profile/versions/my-own.json", #"{"mine": true}"#)
        _ = hub.dir.write("profile/.staging-notes", "keep")
        _ = hub.dir.write("profile/README", "keep")
        for version in ["2.0.0", "3.0.0", "4.0.0", "5.0.0"] {
            try publish(emu, hub, version: version)
            let r = try hub("acp", "fetch", "--dest", dest)
            #expect(r.status == 0, "\(r)")
        }
        let all = listing(dest)
        for mine in ["versions/my-own", "versions/my-own/data.txt", "versions/my-own.json", ".staging-notes", "README"] {
            #expect(all.contains(mine), "\(mine) survived")
        }
        // Pruning still keeps hubctl's own versions to three.
        let installed = all.filter { $0.hasPrefix("versions/Appmc_") && $0.hasSuffix(".json") && $0.split(separator: "/").count == 2 }
        #expect(installed.count == 3, "\(installed)")
        #expect(try hub("acp", "check", "--dest", dest).json?["current"] as? String == "Appmc:5.0.0")
    }
}
