// The reactive credential chain: a 401 asks the next provider, each at most once.

import Foundation
import HubCore
import HubTransport
import Testing
@testable import HubAuth

/// Answers 401 until it sees the accepted password.
final class PasswordServer: HTTPTransport {
    let accepted: String
    private(set) var seen: [String?] = []
    init(accepting password: String) { accepted = password }
    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        seen.append(request.credentials?.password)
        let ok = request.credentials?.password == accepted
        return HTTPResponse(status: ok ? 200 : 401, headers: [], body: Data(), effectiveURL: request.url)
    }
    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }
}

final class ListProvider: CredentialProvider {
    let name: String
    let password: String?
    let cheap: Bool
    private(set) var asked = 0
    private(set) var acceptedFrom: [String] = []
    var isCheap: Bool { cheap }
    init(_ name: String, _ password: String?, cheap: Bool = false) { self.name = name; self.password = password; self.cheap = cheap }
    func credentials(user: String?) throws -> BasicCredentials? {
        asked += 1
        return password.map { BasicCredentials(user: user ?? "", password: $0) }
    }
    func accepted(_ credentials: BasicCredentials, from provider: String) throws { acceptedFrom.append(provider) }
}

@Suite struct CredentialChainTests {
    let request = HTTPRequest(method: "GET", url: "https://smp.example:8443/odata", headers: [], body: nil, idempotent: true)

    @Test func eachProviderIsAskedOnceInTurnUntilOneIsAccepted() throws {
        let server = PasswordServer(accepting: "right")
        let first = ListProvider("env", "wrong", cheap: true), second = ListProvider("vault", nil), third = ListProvider("prompt", "right")
        let chain = AuthenticatingTransport(transport: server, providers: [first, second, third], user: "u")
        let response = try chain.send(request)
        #expect(response.status == 200)
        #expect(server.seen == ["wrong", "right"], "the cheap one up front, then the first that had something")
        #expect(first.asked == 1 && second.asked == 1 && third.asked == 1)
        #expect(third.acceptedFrom == ["prompt"] && first.acceptedFrom == ["prompt"])
        // Later requests keep the accepted credentials and ask nobody.
        _ = try chain.send(request)
        #expect(server.seen.last == "right" && third.asked == 1)
    }

    @Test func whenEveryProviderIsRefusedItIsAuthFailed() {
        let server = PasswordServer(accepting: "never")
        let chain = AuthenticatingTransport(transport: server, providers: [ListProvider("env", "a", cheap: true), ListProvider("prompt", "b")], user: "u")
        let error = #expect(throws: HubError.self) { try chain.send(request) }
        #expect(error?.code == .authFailed)
        #expect(error?.exitCode == 77)
        #expect(error?.message.contains("a") == true && error?.message.contains("\"b\"") == false)
        #expect(server.seen == ["a", "b"], "each provider at most once")
    }

    @Test func secretsAreNeverInTheMessage() {
        let server = PasswordServer(accepting: "never")
        let chain = AuthenticatingTransport(transport: server, providers: [ListProvider("env", "s3cr3t-Pa55", cheap: true)], user: "u")
        let error = #expect(throws: HubError.self) { try chain.send(request) }
        #expect(error?.message.contains("s3cr3t-Pa55") == false)
    }
}
