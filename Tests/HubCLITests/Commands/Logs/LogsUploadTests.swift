// `hubctl logs upload` in-process: the upload's document, and a malformed line refused before
// anything is sent.

import Foundation
@testable import HubCLI
import HubCore
import Testing

private let line = "#2024-07-01T17:16:08.637+02:00#INFO#corr#src#loc#hello#"

@Suite("logs upload", .serialized)
struct LogsUploadTests {
    @Test func printsWhatWasSent() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let file = writeFile(bench, "device.log", line + "\n" + line.replacingOccurrences(of: "INFO", with: "ERROR") + "\n")
        let r = await bench.run(["logs", "upload", file])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["uploaded": .bool, "skipped": .null, "platform": .string, "deviceId": .string, "source": .string,
                             "requests": .int, "lines": .int, "bytes": .int, "filteredLines": .int, "minimumSeverity": .null,
                             "connectionLogLevel": .null])
        #expect(r.json?["uploaded"] == .bool(true))
        #expect(r.json?["lines"] == .int(2))
        #expect(r.json?["requests"] == .int(1))
        #expect(r.json?["platform"] == .string("mobile-services"))
    }

    @Test func aMalformedLineIs65AndNothingIsSent() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let file = writeFile(bench, "device.log", line + "\nnot a log line\n")
        let r = await bench.run(["logs", "upload", file])
        expectFailure(r, exit: 65, code: "invalid_log_line")
        #expect(r.error?["message"]?.stringValue?.contains("2") == true, "the line number: \(r)")
        let received = try await bench.emulator.document("/_emulator/received")
        #expect(arrayElements(received["logs"]).isEmpty, "nothing was sent")
    }
}

extension LogsUploadTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["logs", "upload", "--max-request-size", "maxRequestSize-1", "--from-settings", "file-1"], as: LogsUpload.self)
        #expect(options == LogsUpload.Options(file: "file-1", maxRequestSize: "maxRequestSize-1", fromSettings: true))
    }
}
