// The default bundle's version (docs/protocol.md §7): ETag, else Last-Modified, else a digest of the
// content; the answer of Tests/Fixtures/sap/bundles (no ETag, no Last-Modified) read against a fake.
import Foundation
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport

/// Answers in order, streaming a 2xx body to the sink as the transport does.
final class StreamingFake: HTTPTransport {
    var requests: [HTTPRequest] = []
    var answers: [(status: Int, headers: [HTTPHeader], body: Data)]
    init(_ answers: [(status: Int, headers: [HTTPHeader], body: Data)]) { self.answers = answers }

    func send(_ request: HTTPRequest) throws -> HTTPResponse { try stream(request) { _ in } }

    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        requests.append(request)
        guard !answers.isEmpty else {
            Issue.record("unexpected request \(request.method) \(request.url)")
            return HTTPResponse(status: 599, headers: [], body: Data(), effectiveURL: request.url)
        }
        let answer = answers.removeFirst()
        guard (200..<300).contains(answer.status) else {
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, effectiveURL: request.url)
        }
        for start in stride(from: 0, to: answer.body.count, by: 100) {
            try answer.body[start..<min(start + 100, answer.body.count)].withUnsafeBytes { try sink($0) }
        }
        return HTTPResponse(status: answer.status, headers: answer.headers, body: Data(), effectiveURL: request.url)
    }
}

@Suite struct ACPDefaultBundleTests {
    let fixtures = sapFixtureURL("bundles")

    /// The status and headers of an `.http` fixture's head.
    func head(_ name: String) throws -> (Int, [HTTPHeader]) { try httpFixtureHead("bundles/" + name) }

    func service(_ fake: StreamingFake) -> ACPService {
        let config = ConnectionConfig(server: "http://127.0.0.1:9", appId: "com.example.demo", user: "demo")
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        let home = NSTemporaryDirectory() + "acp-\(UUID().uuidString)"
        return ACPService(connections: ConnectionService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home))
    }

    @Test func theLabelIsTheETagElseTheDateElseTheDigest() {
        #expect(BundleRevision(etag: "\"a\"", lastModified: "Wed, 26 Nov 2025 06:00:00 GMT", sha256: "ff").label == "etag:\"a\"")
        #expect(BundleRevision(lastModified: "Wed, 26 Nov 2025 06:00:00 GMT", sha256: "ff").label == "last-modified:Wed, 26 Nov 2025 06:00:00 GMT")
        #expect(BundleRevision(sha256: "ff").label == "sha256:ff")
        #expect(BundleRevision().label == nil)
    }

    /// Issue 39, item 12: when both digests are known they decide (the same ETag over other bytes is
    /// a new version); otherwise the label does.
    @Test func versionsAreTheSameByContentOrElseByLabel() {
        let v1 = BundleRevision(etag: "\"1\"", sha256: "aa")
        #expect(v1.isSameVersion(as: BundleRevision(etag: "\"1\"", sha256: nil)), "a 304 carries no digest")
        #expect(!v1.isSameVersion(as: BundleRevision(etag: "\"1\"", sha256: "bb")), "the same ETag over other bytes")
        #expect(!v1.isSameVersion(as: BundleRevision(etag: "\"2\"", sha256: "bb")))
        #expect(v1.isSameVersion(as: BundleRevision(etag: "\"2\"", sha256: "aa")), "a new ETag for the same bytes")
        #expect(!v1.isSameVersion(as: BundleRevision(etag: "\"2\"")))
        let dated = BundleRevision(lastModified: "Wed, 26 Nov 2025 06:00:00 GMT", sha256: "aa")
        #expect(!dated.isSameVersion(as: BundleRevision(lastModified: "Wed, 26 Nov 2025 06:00:00 GMT", sha256: "bb")))
        #expect(dated.isSameVersion(as: BundleRevision(lastModified: "Wed, 26 Nov 2025 06:00:00 GMT")))
        #expect(!dated.isSameVersion(as: BundleRevision(lastModified: "Wed, 26 Nov 2025 07:00:00 GMT", sha256: "bb")))
        #expect(BundleRevision(sha256: "aa").isSameVersion(as: BundleRevision(sha256: "aa")))
        #expect(!BundleRevision(sha256: "aa").isSameVersion(as: BundleRevision(sha256: "bb")))
        #expect(!BundleRevision().isSameVersion(as: BundleRevision()))
    }

    @Test func conditionalHeadersAndUsableDates() {
        #expect(BundleRevision(etag: "\"1\"", lastModified: "x", sha256: "aa").conditionalHeaders == [HTTPHeader("If-None-Match", "\"1\"")])
        #expect(BundleRevision(lastModified: "Wed, 26 Nov 2025 06:00:00 GMT").conditionalHeaders
                == [HTTPHeader("If-Modified-Since", "Wed, 26 Nov 2025 06:00:00 GMT")])
        #expect(BundleRevision(sha256: "aa").conditionalHeaders.isEmpty)
        #expect(BundleRevision.usableDate(" Wed, 26 Nov 2025 06:00:00 GMT ") == "Wed, 26 Nov 2025 06:00:00 GMT")
        for bad in ["", "a\nb", "é", String(repeating: "x", count: 65)] { #expect(BundleRevision.usableDate(bad) == nil, "\(bad)") }
    }

    /// SAP's answer has no ETag and no Last-Modified: the version is the digest of what arrived.
    @Test func sapsDefaultBundleAnswerIsIdentifiedByItsDigest() throws {
        let (status, headers) = try head("default-bundle-response.http")
        let pdf = try Data(contentsOf: fixtures.appendingPathComponent("field-guide.pdf"))
        let fake = StreamingFake([(status, headers, pdf)])
        let answer = try service(fake).probeDefaultBundle(appcid: "c-1", known: nil)
        let digest = try pdf.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        #expect(answer == .present(BundleRevision(sha256: digest)))
        let sent = try #require(fake.requests.first)
        #expect(sent.url == "http://127.0.0.1:9/bundles/com.example.demo/")
        #expect(sent.headers.contains(HTTPHeader("X-SMP-APPCID", "c-1")))
        #expect(!sent.headers.contains { $0.name == "If-None-Match" || $0.name == "If-Modified-Since" })
    }

    @Test func aKnownVersionIsAskedAboutConditionally() throws {
        let fake = StreamingFake([(304, [HTTPHeader("ETag", "\"1\"")], Data())])
        #expect(try service(fake).probeDefaultBundle(appcid: "c-1", known: BundleRevision(etag: "\"1\"", sha256: "aa")) == .notModified)
        #expect(fake.requests.first?.headers.contains(HTTPHeader("If-None-Match", "\"1\"")) == true)
        // A 304 to an unconditional request is not an answer hubctl asked for.
        let unasked = StreamingFake([(304, [], Data())])
        #expect(throws: HubError.self) { try service(unasked).probeDefaultBundle(appcid: "c-1", known: BundleRevision(sha256: "aa")) }
    }

    /// 404 at /bundles/<appId>/ and at Mobile Services' own address: no default bundle.
    @Test func noDefaultBundleAtEitherAddress() throws {
        let (status, headers) = try head("bundle-not-found-response.http")
        #expect(status == 404)
        let fake = StreamingFake([(status, headers, Data()), (status, headers, Data())])
        #expect(try service(fake).probeDefaultBundle(appcid: "c-1", known: nil) == .absent)
        #expect(fake.requests.map(\.url) == ["http://127.0.0.1:9/bundles/com.example.demo/",
                                              "http://127.0.0.1:9/mobileservices/application/com.example.demo/bundles/v1/runtime/bundle/application/com.example.demo"])
    }

    @Test func theHeadersOfAnAnswerAreTakenWhenTheyCanBeSentBack() throws {
        let fake = StreamingFake([(200, [HTTPHeader("ETag", "W/\"v 2\""), HTTPHeader("Last-Modified", "Wed, 26 Nov 2025 06:00:00 GMT")], Data("x".utf8))])
        guard case .present(let revision) = try service(fake).probeDefaultBundle(appcid: "c-1", known: nil) else {
            Issue.record("no version"); return
        }
        #expect(revision.etag == nil, "an ETag with a space is not sent back")
        #expect(revision.lastModified == "Wed, 26 Nov 2025 06:00:00 GMT")
        #expect(revision.label == "last-modified:Wed, 26 Nov 2025 06:00:00 GMT")
    }
}
