// The reactive credential chain: on a 401, ask the next provider, retry once with what it gives.

import Foundation
import HubCore
import HubTransport

/// A source of back-end credentials (SAP's HttpConversation "credential provider").
public protocol CredentialProvider: AnyObject {
    /// A short name for messages and --verbose (`password-stdin`, `vault`, `prompt`).
    var name: String { get }
    /// True when asking is free and silent (no KDF, no prompt): its answer may be sent up front.
    var isCheap: Bool { get }
    /// Credentials for `user`, or nil when this provider has none.
    func credentials(user: String?) throws -> BasicCredentials?
    /// Called once the server accepted credentials this or another provider gave.
    func accepted(_ credentials: BasicCredentials, from provider: String) throws
}

extension CredentialProvider {
    public var isCheap: Bool { false }
    public func accepted(_ credentials: BasicCredentials, from provider: String) throws {}
}

/// Credentials known before any request: `--password-stdin` or `HUBCTL_PASSWORD`.
public final class StaticPasswordProvider: CredentialProvider {
    public let name: String
    private let password: String
    public var isCheap: Bool { true }

    public init(name: String, password: String) {
        self.name = name
        self.password = password
    }

    public func credentials(user: String?) throws -> BasicCredentials? {
        guard let user, !user.isEmpty else { return nil }
        return BasicCredentials(user: user, password: password)
    }
}

/// Sends requests through a transport and answers 401 challenges from the providers, in turn,
/// each at most once. After the last provider, a 401 is exit 77.
public final class AuthenticatingTransport {
    public let transport: any HTTPTransport
    private let providers: [any CredentialProvider]
    private let user: String?
    private var nextProvider = 0
    private var current: BasicCredentials?
    private var currentSource: String?
    private var confirmed = false

    public init(transport: any HTTPTransport, providers: [any CredentialProvider], user: String?) {
        self.transport = transport
        self.providers = providers
        self.user = user
        // SAP's clients send Basic up front when they already have it; do so only for free sources.
        if let first = providers.first, first.isCheap, let creds = try? first.credentials(user: user) {
            current = creds
            currentSource = first.name
            nextProvider = 1
        }
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try perform(request) { try transport.send($0) }
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        try perform(request) { try transport.stream($0, to: sink) }
    }

    private func perform(_ request: HTTPRequest, _ body: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        while true {
            var attempt = request
            attempt.credentials = current
            let response = try body(attempt)
            if response.status != 401 {
                if let current, let source = currentSource, !confirmed, (200..<300).contains(response.status) {
                    confirmed = true
                    for p in providers { try p.accepted(current, from: source) }
                }
                return response
            }
            confirmed = false
            guard let (creds, source) = try nextCredentials() else {
                throw authFailure(response)
            }
            current = creds
            currentSource = source
        }
    }

    private func nextCredentials() throws -> (BasicCredentials, String)? {
        while nextProvider < providers.count {
            let provider = providers[nextProvider]
            nextProvider += 1
            if let creds = try provider.credentials(user: user) { return (creds, provider.name) }
        }
        return nil
    }

    private func authFailure(_ response: HTTPResponse) -> HubError {
        let tried = currentSource.map { " (credentials from \($0) were refused)" } ?? ""
        let hint: String
        if user == nil || user?.isEmpty == true {
            hint = "Set the user with --user / HUBCTL_USER and the password with --password-stdin or HUBCTL_PASSWORD."
        } else if current == nil {
            hint = "Give the password for '\(user!)' with --password-stdin or HUBCTL_PASSWORD, store it in the vault with --save-credentials, or run on a terminal to be asked."
        } else {
            hint = "Check the user name and password for '\(user!)'."
        }
        return HubError(.permission, code: .authFailed, "The server refused the credentials\(tried). \(hint)", status: response.status)
    }
}
