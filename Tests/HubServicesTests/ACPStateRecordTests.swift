// ACPStateRecord.decoded (HubCore's JSON reader) against JSONDecoder, which it replaces on `acp
// check`'s path: the same record from what `save` writes, and nil for the same damaged records.

import Foundation
import HubCore
@testable import HubServices
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

    /// The record's file name is `<appId>@<first 16 hex digits of SHA-256(server)>.json`, as every
    /// earlier hubctl named it (a home's records must still be found).
    @Test func theRecordsFileNameIsTheOneEarlierVersionsUsed() throws {
        let store = ACPStateStore(home: "/h")
        let digest = try SHA256Digest()
        Array("https://smp.example.com:8443/mobile".utf8).withUnsafeBytes { digest.update($0) }
        #expect(store.path(server: "https://smp.example.com:8443/mobile", appId: "com.acme.field")
                == "/h/acp-state/com.acme.field@\(digest.finalize().prefix(16)).json")
    }

    /// `absolute` against what it replaces, `URL(fileURLWithPath:).standardizedFileURL.path`: edges
    /// and every path of up to four `.`, `..`, empty and ordinary components.
    @Test func absoluteIsFoundationsStandardizedPath() {
        func foundation(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        let edges = ["", ".", "..", "/", "//", "/..", "../..", "a/../b", "/x/./y//z/", "a/b/..", "/a/b/../../..", "~", "~/x/..",
                     "a%20b", "/tmp/ä/b", "a/./b/", "//a", "./", "a/.../b", "..a/b..", "/a/b/c/../../d/./e/", " /x", "a\\b"]
        for path in edges {
            #expect(ACPStateStore.absolute(path) == foundation(path), "\(path)")
        }
        // Every path of up to four components from these, absolute and relative.
        let pieces = ["", ".", "..", "a", "ü", "c d", "...", ".e"]
        var paths = [""]
        for _ in 1...4 {
            paths = paths.flatMap { path in pieces.map { path.isEmpty ? $0 : path + "/" + $0 } }
            for path in paths {
                #expect(ACPStateStore.absolute(path) == foundation(path), "\(path)")
                #expect(ACPStateStore.absolute("/" + path) == foundation("/" + path), "/\(path)")
            }
        }
    }
}
