// ACPStateRecord.decoded (HubCore's JSON reader) against JSONDecoder, which it replaces on `acp
// check`'s path: the same record from what `save` writes, and nil for the same damaged records.

import Foundation
import HubServices
import Testing

@Suite struct ACPStateRecordTests {
    static func decodedByFoundation(_ data: Data) -> ACPStateRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ACPStateRecord.self, from: data)
    }

    @Test func aSavedRecordReadsAsJSONDecoderReadsIt() throws {
        let home = NSTemporaryDirectory() + "acp-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = ACPStateStore(home: home)
        let record = ACPStateRecord(server: "https://smp.example.com:8443/mobile", appId: "com.acme.field", bundleId: "Appmc:1.2",
                                    destination: "/srv/acp/ünï \"quoted\"", sha256: String(repeating: "ab", count: 32),
                                    fetchedAt: Date(timeIntervalSince1970: 1_795_000_000))
        try store.save(record)
        #expect(try store.record(server: record.server, appId: record.appId) == record)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: store.directory).first)
        let data = try Data(contentsOf: URL(fileURLWithPath: store.directory + "/" + name))
        #expect(ACPStateRecord.decoded(from: data) == Self.decodedByFoundation(data))
    }

    @Test(arguments: [
        #"{"appId": "a", "bundleId": "b", "destination": "/d", "sha256": "00", "fetchedAt": "2024-05-01T10:00:00Z"}"#,
        #"{"server": "s", "appId": "a", "bundleId": "b", "destination": "/d", "sha256": 7, "fetchedAt": "2024-05-01T10:00:00Z"}"#,
        #"{"server": "s", "appId": "a", "bundleId": "b", "destination": "/d", "sha256": "00", "fetchedAt": "soon"}"#,
        #"["server"]"#, "", "{",
    ])
    func aDamagedRecordIsNoRecord(text: String) {
        let data = Data(text.utf8)
        #expect(ACPStateRecord.decoded(from: data) == nil)
        #expect(Self.decodedByFoundation(data) == nil)
    }
}
