// Exit codes and the error document shape are a public contract (README.md "Exit codes", docs/errors.md).
import Foundation
import Testing
@testable import HubCore

@Suite struct HubErrorTests {
    @Test func exitCodesMatchTheContract() {
        let expected: [FailureKind: Int32] = [.partial: 3, .interrupted: 130, .terminated: 143, .usage: 64, .data: 65, .noInput: 66, .unavailable: 69,
            .internal: 70, .cannotCreate: 73, .temporary: 75, .permission: 77, .config: 78]
        for kind in FailureKind.allCases {
            #expect(kind.exitCode == expected[kind])
            #expect(FailureKind(exitCode: kind.exitCode) == kind)
        }
        #expect(FailureKind(exitCode: 0) == nil)
    }

    @Test func errorDocumentOmitsStatusWhenNoServerAnswered() throws {
        let data = try ErrorDocument(.config("no server")).json.written(pretty: false)
        #expect(String(decoding: data, as: UTF8.self) == #"{"error":{"code":"config","message":"no server"}}"#)
        let withStatus = try ErrorDocument(HubError(.permission, code: .authFailed, "bad", status: 401)).json.written(pretty: false)
        #expect(String(decoding: withStatus, as: UTF8.self).contains(#""status":401"#))
    }

    @Test func atomicWriteReplacesAndLeavesNoTempFiles() throws {
        let dir = NSTemporaryDirectory() + "hubcore-\(UUID().uuidString)"
        try AtomicFile.ensurePrivateDirectory(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write(Data("one".utf8), to: dir + "/f")
        try AtomicFile.write(Data("two".utf8), to: dir + "/f")
        #expect(try String(contentsOfFile: dir + "/f", encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f"])
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/f")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
