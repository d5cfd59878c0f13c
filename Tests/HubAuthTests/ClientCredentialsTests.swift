// Client-credentials tokens (docs/protocol.md §16.5): fetched once, kept in the vault until they
// have less than the margin left, tied to the secret that obtained them, renewed after a 401.

import Foundation
import HubCore
import HubTransport
import HubVault
import Testing
@testable import HubAuth

/// An XSUAA token endpoint: a new token per request, with the lifetime (and answer) the test sets.
final class TokenServer: HTTPTransport {
    var expiresIn: JSONValue = .int(3600)
    private(set) var issued = 0
    private(set) var clients: [String?] = []
    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        issued += 1
        clients.append(request.credentials?.user)
        let body = JSONValue.object(["access_token": .string("token-\(issued)"), "token_type": .string("bearer"), "expires_in": expiresIn])
        return HTTPResponse(status: 200, headers: [], body: try JSONOutput.encode(body, pretty: false), effectiveURL: request.url)
    }
    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }
}

@Suite struct ClientCredentialsTests {
    let home = NSTemporaryDirectory() + "cc-\(UUID().uuidString)"
    let secret = VaultSecret.rawKey(Array(repeating: 7, count: 32))
    var store: VaultStore { VaultStore(directory: home) }

    /// A client of its own token URL: the process-wide memory of tokens does not carry over between tests.
    func tokens(_ server: TokenServer, clientSecret: String = "s3cret", cache: Bool = true, url: String,
                notes: NotesBox? = nil) -> ClientCredentialsTokens {
        let secret = self.secret
        return ClientCredentialsTokens(client: ClientCredentialsClient(tokenURL: url, clientId: "client", tenant: nil),
                                       clientSecret: clientSecret, transport: server,
                                       cache: cache ? ClientCredentialsCache(store: store, secret: { secret }) : ClientCredentialsCache(store: store, secret: { nil }),
                                       note: notes.map { box in { box.lines.append($0) } })
    }

    func stored(_ url: String) throws -> String? {
        guard store.exists else { return nil }
        let key = ClientCredentialsClient(tokenURL: url, clientId: "client", tenant: nil).vaultKey
        return try store.read(secret: secret).value(forKey: key).map { String(decoding: $0, as: UTF8.self) }
    }

    final class NotesBox { var lines: [String] = [] }

    @Test func aTokenIsFetchedOnceKeptInTheVaultAndNotPrinted() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let url = "https://uaa-\(UUID().uuidString).example/oauth/token"
        let server = TokenServer()
        let first = tokens(server, url: url)
        #expect(try first.token() == "token-1")
        #expect(try first.token() == "token-1", "one token per conversation")
        #expect(server.issued == 1 && server.clients == ["client"])
        let record = try #require(try stored(url))
        #expect(record.contains("token-1"))
        #expect(!record.contains("s3cret"), "the vault keeps a digest of the secret, not the secret")
        // Another command of this process: no new request.
        let second = tokens(server, url: url)
        #expect(try second.token() == "token-1")
        #expect(second.fromCache)
        #expect(server.issued == 1)
        // Another secret for the same client id does not reuse it.
        let other = tokens(server, clientSecret: "another", url: url)
        #expect(try other.token() == "token-2")
        #expect(!other.fromCache)
    }

    @Test func aRefusedTokenIsReplacedOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let url = "https://uaa-\(UUID().uuidString).example/oauth/token"
        let server = TokenServer()
        _ = try tokens(server, url: url).token()
        let later = tokens(server, url: url)
        #expect(try later.token() == "token-1")
        #expect(try later.renew(rejecting: "token-1") == "token-2")
        #expect(try stored(url)?.contains("token-2") == true)
        #expect(try tokens(server, url: url).token() == "token-2")
        #expect(server.issued == 2)
    }

    @Test func aShortLivedTokenOrOneWithoutAVaultIsForThisCommandOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let url = "https://uaa-\(UUID().uuidString).example/oauth/token"
        let server = TokenServer()
        server.expiresIn = .int(Int64(ClientCredentialsTokens.margin) - 1)
        #expect(try tokens(server, url: url).token() == "token-1")
        #expect(try tokens(server, url: url).token() == "token-2")
        #expect(try stored(url) == nil)
        server.expiresIn = .int(3600)
        let notes = NotesBox()
        let unkept = "https://uaa-\(UUID().uuidString).example/oauth/token"
        #expect(try tokens(server, cache: false, url: unkept, notes: notes).token() == "token-3")
        #expect(notes.lines.contains { $0.contains("not cached") })
        #expect(!notes.lines.joined().contains("token-3"), "notes never carry the token")
        #expect(try stored(unkept) == nil)
    }

    @Test func anExpiryThatIsNotANumberOfSecondsIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = TokenServer()
        server.expiresIn = .string("soon")
        let error = #expect(throws: HubError.self) { try tokens(server, url: "https://uaa-\(UUID().uuidString).example/oauth/token").token() }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("token-1") == false)
        // A huge one is clamped (366 days), not trapped on.
        server.expiresIn = .double(1e300)
        let url = "https://uaa-\(UUID().uuidString).example/oauth/token"
        #expect(try tokens(server, url: url).token() == "token-2")
        #expect(try stored(url) != nil)
    }
}
