// ProfileRecord.decoded (HubCore's JSON reader) against JSONDecoder, which it replaces on `acp
// check`'s path: the same record from what hubctl writes, from an older hubctl's record, and nil
// for the same damaged records.

import Foundation
@testable import HubBundles
import Testing

@Suite struct ProfileRecordTests {
    static func written(_ record: ProfileRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(record)
    }

    static func decodedByFoundation(_ data: Data) -> ProfileRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ProfileRecord.self, from: data)
    }

    static let full: ProfileRecord = {
        var record = ProfileRecord(bundleId: "Appmc:1.2", sha256: String(repeating: "ab", count: 32), files: 5_000, directories: 51,
                                   bytes: 50_000_000, archiveBytes: 50_123_456,
                                   manifest: ["Customization-Resource-Bundle-Name": "Appmc", "Grüße": "ünïcode \"quoted\""],
                                   fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), version: "Appmc_1.2-20261126T130926Z-abc")
        record.kind = "archive"
        record.source = "assigned"
        record.fileExtension = "zip"
        record.etag = "\"fe9f\""
        record.lastModified = "Thu, 26 Nov 2026 13:09:26 GMT"
        return record
    }()

    @Test func aRecordHubctlWroteReadsAsJSONDecoderReadsIt() throws {
        var file = Self.full
        file.kind = "file"
        file.file = "config.json"
        for record in [Self.full, file] {
            let data = try Self.written(record)
            #expect(ProfileRecord.decoded(from: data) == record)
            #expect(ProfileRecord.decoded(from: data) == Self.decodedByFoundation(data))
        }
    }

    @Test func anOlderRecordWithoutTheLaterMembersReads() throws {
        let text = """
            {"bundleId": "Appmc:1.0", "sha256": "00", "files": 1, "directories": 0, "bytes": 3, "archiveBytes": 120,
             "manifest": {}, "fetchedAt": "2024-05-01T10:00:00Z", "version": "Appmc_1.0-x", "etag": null}
            """
        let data = Data(text.utf8)
        let record = try #require(ProfileRecord.decoded(from: data))
        #expect(record.kind == nil && record.source == nil && record.etag == nil)
        #expect(record == Self.decodedByFoundation(data))
    }

    @Test(arguments: [
        #"{"sha256": "00", "files": 1, "directories": 0, "bytes": 3, "archiveBytes": 1, "manifest": {}, "fetchedAt": "2024-05-01T10:00:00Z", "version": "v"}"#,
        #"{"bundleId": "a", "sha256": "00", "files": "1", "directories": 0, "bytes": 3, "archiveBytes": 1, "manifest": {}, "fetchedAt": "2024-05-01T10:00:00Z", "version": "v"}"#,
        #"{"bundleId": "a", "sha256": "00", "files": 1, "directories": 0, "bytes": 3, "archiveBytes": 1, "manifest": {}, "fetchedAt": "yesterday", "version": "v"}"#,
        #"{"bundleId": "a", "sha256": "00", "files": 1, "directories": 0, "bytes": 3, "archiveBytes": 1, "manifest": {"k": 1}, "fetchedAt": "2024-05-01T10:00:00Z", "version": "v"}"#,
        #"{"bundleId": "a", "sha256": "00", "files": 1, "directories": 0, "bytes": 3, "archiveBytes": 1, "manifest": {}, "fetchedAt": "2024-05-01T10:00:00Z", "version": "v", "kind": 7}"#,
        #"["not", "a", "record"]"#, "", "{",
    ])
    func aDamagedRecordIsNoRecord(text: String) {
        let data = Data(text.utf8)
        #expect(ProfileRecord.decoded(from: data) == nil)
        #expect(Self.decodedByFoundation(data) == nil)
    }
}
