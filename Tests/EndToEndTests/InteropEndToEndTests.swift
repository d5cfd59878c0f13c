// An independent OData V2 client against hubctl-emulator (issue 18): SAP's pyodata, from PyPI, reads
// $metadata, registers, reads, updates with PATCH and MERGE, deletes; then what hubctl wrote is read
// by pyodata and the reverse. `make test` installs pyodata (`make deps`, scripts/install-pip.sh).
import Foundation
import Testing

enum Interop {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Interop/pyodata_client.py").path

    /// Runs the pyodata client; the password goes through the environment, not argv.
    static func run(_ arguments: [String], password: String = "demo-password") throws -> RunResult {
        var environment = ["INTEROP_PASSWORD": password]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment["HOME"] = home }
        return try EndToEndTests.run("/usr/bin/env", ["python3", script] + arguments, environment: environment)
    }

    static func requirePyodata() throws {
        let check = try EndToEndTests.run("/usr/bin/env", ["python3", "-c", "import pyodata, requests"],
                                          environment: ProcessInfo.processInfo.environment["HOME"].map { ["HOME": $0] } ?? [:])
        guard check.status == 0 else {
            throw HarnessError("pyodata is not installed: run `make deps` (make test does). \(check.err)")
        }
    }
}

@Suite(.serialized) struct InteropEndToEndTests {
    @Test func pyodataRegistersReadsUpdatesWithPatchAndMergeAndDeletes() throws {
        try Interop.requirePyodata()
        let emu = try Emulator()
        let r = try Interop.run(["lifecycle", emu.url + "/odata/applications/v1/com.example.demo", "demo", "-"])
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json, "\(r)")
        #expect(json["entityTypes"] as? [String] == ["Capability", "Connection", "Endpoint", "FeatureVectorPolicy"])
        let id = try #require(json["created"] as? String)
        #expect(!id.isEmpty)
        #expect(json["readDeviceModel"] as? String == "pyodata-model")
        #expect(json["readApnsPushEnable"] as? Bool == true)
        #expect(json["createdAtType"] as? String == "datetime", "Edm.DateTime read as a date")
        #expect(json["afterPatch"] as? String == "patched-by-pyodata")
        let merged = try #require(json["afterMerge"] as? [String: Any])
        #expect(merged["Email"] as? String == "merge@example.com")
        #expect(merged["BlackberryBESListenerPort"] as? Int == 4242)
        #expect(merged["DeviceModel"] as? String == "patched-by-pyodata", "MERGE keeps what it does not name")
        #expect(json["readOnlyAnswer"] as? Int == 204, "a read-only property is ignored, not refused")
        #expect(json["readOnlyAfter"] as? String == "", "the server kept its own value (none assigned): \(json["readOnlyAfter"] ?? "absent")")
        #expect(json["deleteStatus"] as? Int == 200, "SMP answers DELETE with 200")
        #expect(json["afterDeleteStatus"] as? Int == 404)
        #expect(try connections(emu).isEmpty)
        let methods = Set(try loggedRequests(emu).map(\.method))
        #expect(methods.isSuperset(of: ["POST", "GET", "PATCH", "MERGE", "DELETE"]), "\(methods)")
        #expect(try metadataFetches(emu) == 1, "pyodata read $metadata first")
    }

    @Test func pyodataReadsWhatHubctlWroteAndTheReverse() throws {
        try Interop.requirePyodata()
        let emu = try Emulator()
        let hub = client(emu)
        let registered = try hub("register", "--device-model", "from-hubctl")
        #expect(registered.status == 0, "\(registered)")
        let id = try #require(registered.json?["ApplicationConnectionId"] as? String)
        #expect(try hub("settings", "set", "ApnsPushEnable=true").status == 0)
        let service = emu.url + "/odata/applications/latest/com.example.demo"

        let read = try Interop.run(["read", service, "demo", "-", id])
        #expect(read.status == 0, "\(read)")
        #expect(read.json?["DeviceModel"] as? String == "from-hubctl")
        #expect(read.json?["ApnsPushEnable"] as? Bool == true)
        #expect(read.json?["ApplicationConnectionId"] as? String == id)

        let merge = try Interop.run(["merge", service, "demo", "-", id, "DeviceSubType=from-pyodata"])
        #expect(merge.status == 0, "\(merge)")
        let back = try hub("settings", "get", "DeviceSubType", "DeviceModel")
        #expect(back.json?["DeviceSubType"] as? String == "from-pyodata")
        #expect(back.json?["DeviceModel"] as? String == "from-hubctl")
        #expect(!read.err.contains("demo-password") && !read.out.contains("demo-password"))
    }
}
