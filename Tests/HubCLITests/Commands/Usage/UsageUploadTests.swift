// `hubctl usage upload` in-process: the upload's document for SAP's example report, and a report
// without SAP's required members.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("usage upload", .serialized)
struct UsageUploadTests {
    @Test func printsWhatWasSent() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let file = writeFile(bench, "usage.json", try ClientServicesCommandTests.sapUsageExample())
        let r = await bench.run(["usage", "upload", file])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "deviceId": .string, "sessions": .int, "events": .int, "bytes": .int])
        #expect(r.json?["platform"] == .string("mobile-services"))
        #expect(r.json?["sessions"] == .int(1))
        #expect(r.json?["events"] == .int(1))
    }

    @Test func aReportWithoutRequiredMembersIs65() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let r = await bench.run(["usage", "upload", "-"], stdin: #"{"sessions": []}"#)
        expectFailure(r, exit: 65, code: "invalid_usage_report")
        #expect(r.error?["message"]?.stringValue?.contains("report") == true, "\(r)")
    }
}

extension UsageUploadTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["usage", "upload", "file-1"], as: UsageUpload.self)
        #expect(options == UsageUpload.Options(file: "file-1"))
    }
}
