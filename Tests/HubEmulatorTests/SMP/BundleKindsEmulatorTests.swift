// The emulator's bundles as SMP 3 and Mobile Services document them (docs/protocol.md §7,
// Tests/Fixtures/sap/bundles): any file type, the first upload the default bundle at /bundles/{appId}/,
// X-BUNDLE-EXTENSION; and its own ETag, Last-Modified and 304.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct BundleKindsEmulatorTests {
    let fixtures = fixtureURL("sap/bundles")

    /// The status and headers of an `.http` fixture's head.
    func head(_ name: String) throws -> (Int, [(String, String)]) {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let status = try #require(Int(lines[0].split(separator: " ")[1]))
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            headers.append((parts[0], parts[1]))
        }
        return (status, headers)
    }

    func upload(_ client: any TestClientProtocol, _ id: String, _ body: ByteBuffer, ext: String? = nil,
                query: String = "") async throws -> TestResponse {
        var h = HTTPFields()
        if let ext { h[.bundleExt] = ext }
        return try await client.execute(uri: "/_emulator/bundles/com.example.demo/\(id)\(query)", method: .put, headers: h, body: body)
    }

    @Test func theDefaultBundleAnswersAsSAPsFixture() async throws {
        let pdf = try Data(contentsOf: fixtures.appendingPathComponent("field-guide.pdf"))
        let (status, expected) = try head("default-bundle-response.http")
        let (missingStatus, _) = try head("bundle-not-found-response.http")
        try await withEmulator { client, _ in
            let id = try await client.register()
            let none = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            #expect(none.status.code == missingStatus)

            #expect(try await upload(client, "Guide:1.0", ByteBuffer(bytes: pdf), ext: "pdf").status == .created)
            let answer = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            #expect(answer.status.code == status)
            for (name, value) in expected {
                #expect(answer.headers[HTTPField.Name(name)!] == value, "\(name)")
            }
            #expect(Data(answer.body.readableBytesView) == pdf)
            // The emulator's own, not SAP's documented answer: hubctl must not need them.
            #expect(answer.headers[.eTag]?.hasPrefix("\"") == true)
            #expect(answer.headers[.lastModified]?.hasSuffix(" GMT") == true)
            // Mobile Services' own address of the default bundle.
            let ms = "/mobileservices/application/com.example.demo/bundles/v1/runtime/bundle/application/com.example.demo"
            let viaMS = try await client.execute(uri: ms, method: .get, headers: headers(appCID: id))
            #expect(viaMS.status == .ok && Data(viaMS.body.readableBytesView) == pdf)
        }
    }

    @Test func theFirstUploadIsTheDefaultUntilAnotherIsMarked() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            try await upload(client, "First:1", ByteBuffer(string: "first"), ext: "txt")
            try await upload(client, "Second:1", ByteBuffer(string: "second"), ext: "txt")
            let byDefault = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            #expect(String(buffer: byDefault.body) == "first")
            // Assigning does not change the default.
            #expect(try await client.control(.post, "assign", #"{"appId":"com.example.demo","bundleId":"Second:1"}"#).status == .ok)
            #expect(String(buffer: try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id)).body) == "first")
            try await upload(client, "Third:1", ByteBuffer(string: "third"), ext: "txt", query: "?default=true")
            #expect(String(buffer: try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id)).body) == "third")
            // The named ones stay where they are.
            let named = try await client.execute(uri: "/bundles/com.example.demo/Second%3A1", method: .get, headers: headers(appCID: id))
            #expect(String(buffer: named.body) == "second")
        }
    }

    @Test func conditionalReadsAnswer304UntilTheBundleChanges() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            try await upload(client, "Doc:1", ByteBuffer(string: "<doc>1</doc>"), ext: "xml")
            let first = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            let etag = try #require(first.headers[.eTag])
            let date = try #require(first.headers[.lastModified])
            let same = try await client.execute(uri: "/bundles/com.example.demo/", method: .get,
                                                headers: headers(appCID: id, extra: [.ifNoneMatch: etag]))
            #expect(same.status == .notModified)
            #expect(same.headers[.eTag] == etag)
            #expect(same.body.readableBytes == 0)
            let sinceDate = try await client.execute(uri: "/bundles/com.example.demo/", method: .get,
                                                     headers: headers(appCID: id, extra: [.ifModifiedSince: date]))
            #expect(sinceDate.status == .notModified)
            let earlier = try await client.execute(uri: "/bundles/com.example.demo/", method: .get,
                                                   headers: headers(appCID: id, extra: [.ifModifiedSince: "Thu, 01 Jan 2015 00:00:00 GMT"]))
            #expect(earlier.status == .ok)
            let other = try await client.execute(uri: "/bundles/com.example.demo/", method: .get,
                                                 headers: headers(appCID: id, extra: [.ifNoneMatch: "\"other\""]))
            #expect(other.status == .ok)

            // The same id uploaded again with other bytes: a new ETag, the old one no longer matches.
            try await upload(client, "Doc:1", ByteBuffer(string: "<doc>2</doc>"), ext: "xml")
            let changed = try await client.execute(uri: "/bundles/com.example.demo/", method: .get,
                                                   headers: headers(appCID: id, extra: [.ifNoneMatch: etag]))
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(String(buffer: changed.body) == "<doc>2</doc>")
        }
    }

    @Test func uploadKnobsAssignAndName() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let stored = try await upload(client, "Guide:2", ByteBuffer(string: "%PDF-1.4"), ext: "pdf",
                                          query: "?assign=true&filename=Field%20Guide.pdf")
            #expect(stored.status == .created)
            let settings = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(settings["CustomizationBundleId"] as? String == "Guide:2")
            let answer = try await client.execute(uri: "/bundles/com.example.demo/Guide%3A2", method: .get, headers: headers(appCID: id))
            #expect(answer.headers[.contentDisposition] == #"attachment; filename="Field Guide.pdf""#)
            #expect(answer.headers[.bundleExt] == "pdf")
        }
    }
}
