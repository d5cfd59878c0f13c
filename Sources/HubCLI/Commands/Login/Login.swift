// `hubctl login`: Log in to the application's OAuth client in a browser; keep the tokens in the vault.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

struct LoginCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to the application's OAuth client in a browser; keep the tokens in the vault.",
        discussion: """
        The authorization-code grant with PKCE (S256) and a checked state. The client id comes from \
        --oauth-client-id / HUBCTL_OAUTH_CLIENT_ID / the profile's oauth-client-id; the redirect URI \
        (--redirect-uri) must be one configured for that client. When it is a loopback address \
        (http://127.0.0.1:PORT/PATH; port 0 = any free port), hubctl listens there, opens the \
        authorization URL with $BROWSER (the URL as its argument) or xdg-open, and takes the code from \
        the redirect. With --no-browser, a non-loopback redirect URI, or no way to open a browser, it \
        prints the URL on stderr and reads the address the browser was sent to (or the bare code) \
        from stdin. Waiting ends with the --deadline.

        Prints what it logged in to (server, app, client id, expiry, scope), never a token. Every \
        later command sends the access token, renews it when it expires or the server challenges, \
        and keeps a rotated refresh token.

        Exit codes: 0 logged in, 69 cannot listen or reach the server, 75 no redirect before the \
        deadline, 77 denied / state mismatch (oauth_denied, oauth_state_mismatch) or wrong vault \
        passphrase, 78 missing client id (missing_oauth_client_id), bad URL or no vault secret.

        Example:
          hubctl --profile btp --oauth-client-id "$CLIENT_ID" login
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Flag(help: "Do not open a browser: print the URL and read the redirected address or the code from stdin.")
    var noBrowser = false

    var options: Options { Options(noBrowser: noBrowser) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var noBrowser = false

        func run(_ invocation: Invocation) throws {
            let config = try invocation.connectionConfig()
            let client = try invocation.services.requireOAuthClient(config)
            let vault = try invocation.services.oauthVault(client)
            // Before anyone types a password into a browser: can the tokens be kept?
            try vault.checkAccess()
            let pkce = try OAuthPKCE()

            var redirectURI = client.redirectURI
            var answer: AuthorizationResponse?
            if !noBrowser, let loopback = LoopbackRedirect(client.redirectURI) {
                let listener = try LoopbackListener(loopback)
                redirectURI = loopback.uri(original: client.redirectURI, boundPort: listener.boundPort)
                let url = Self.authorizationURL(client, redirectURI: redirectURI, pkce: pkce)
                if BrowserOpener(environment: invocation.environment).open(url, console: invocation.console) {
                    invocation.console.note("hubctl: waiting for the login in the browser (until the \(Int(invocation.deadlineSeconds)) s deadline; --no-browser to paste instead)")
                    guard let received = try listener.wait(seconds: invocation.secondsLeft, state: pkce.state) else {
                        throw HubError(.temporary, code: .timeout,
                                       "No login arrived at \(redirectURI) before the \(Int(invocation.deadlineSeconds)) s deadline. Run `hubctl login` again (raise --deadline if you need more time), or use --no-browser to paste the address.")
                    }
                    answer = received
                } else {
                    invocation.console.warning("no browser could be opened (set BROWSER, or install xdg-open); paste the address instead.")
                }
            }
            if answer == nil {
                answer = try Self.pasted(invocation, url: Self.authorizationURL(client, redirectURI: redirectURI, pkce: pkce))
            }
            guard let answer else { throw HubError.internalError("no authorization response") }

            if let error = answer.error {
                let detail = answer.errorDescription.map { ": \($0)" } ?? ""
                throw HubError(.permission, code: .oauthDenied,
                               "The authorization server refused the login (\(error)\(detail)). Check the user, that OAuth client \(client.clientId) belongs to '\(client.appId)', and that its redirect URI is \(redirectURI).")
            }
            if let state = answer.state, state != pkce.state {
                throw HubError(.permission, code: .oauthStateMismatch,
                               "The redirect carried another state than this login sent: it does not answer this login (an old browser tab, or someone else's redirect). Nothing was stored; run `hubctl login` again.")
            }
            // A bare pasted code carries no state; PKCE still binds it to this login's verifier.
            guard let code = answer.code else {
                throw HubError(.permission, code: .oauthDenied, "The redirect carried no authorization code. Run `hubctl login` again.")
            }

            var exchangeClient = client
            exchangeClient.redirectURI = redirectURI
            let endpoint = try invocation.services.transports.tokenEndpoint(config, certificates: try invocation.services.certificateProvider(config),
                                                                            client: exchangeClient)
            let tokens: OAuthTokens
            do {
                tokens = try endpoint.exchange(code: code, verifier: pkce.verifier)
            } catch let refusal as OAuthTokenEndpoint.Refusal {
                let what = refusal.error.map { " (\($0))" } ?? ""
                throw HubError(.permission, code: .oauthDenied,
                               "The OAuth server refused the authorization code\(what) (HTTP \(refusal.status)): it expired, was already used, or the redirect URI differs from the client's. Run `hubctl login` again.",
                               status: refusal.status)
            }
            try vault.save(tokens)
            try invocation.emit(LoginOutput(client: client, tokens: tokens, loggedIn: true))
        }

        /// The authorization request (RFC 6749 §4.1.1 with RFC 7636's challenge).
        static func authorizationURL(_ client: OAuthClientInfo, redirectURI: String, pkce: OAuthPKCE) -> String {
            var components = URLComponents(string: client.authorizeURL)!
            var items = components.queryItems ?? []
            items += [URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: client.clientId),
                      URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "state", value: pkce.state),
                      URLQueryItem(name: "code_challenge", value: pkce.challenge), URLQueryItem(name: "code_challenge_method", value: "S256")]
            components.queryItems = items
            // URLComponents leaves `+` and `/` alone in a query; escape what a form decoder would misread.
            components.percentEncodedQuery = components.percentEncodedQuery?
                .replacingOccurrences(of: "+", with: "%2B")
            return components.string ?? client.authorizeURL
        }

        /// Prints the URL and reads the redirected address (or the code) from stdin.
        static func pasted(_ invocation: Invocation, url: String) throws -> AuthorizationResponse {
            let line: [UInt8]?
            do throws(BoundedFile.Failure) {
                // Piped input is not echoed: end the prompt's line so what follows (the error of a wait
                // the deadline ended too) starts on its own.
                defer { if !invocation.input.isTerminal { invocation.console.rawErr("\n") } }
                line = try invocation.readSecretLine(prompting: {
                    invocation.console.rawErr("Open this address in a browser and log in:\n\n  \(url)\n\nThen paste the address the browser was sent to (or the code): ")
                })
            } catch {
                throw HubError.stdin(error, waitingFor: "the address the browser was sent to after the login, or its code (--no-browser)")
            }
            guard let line, let answer = AuthorizationResponse(pasted: String(decoding: line, as: UTF8.self)) else {
                throw HubError.usage("No address or code was given on stdin. Paste the address the browser was sent to after the login.", code: .usage)
            }
            return answer
        }
    }
}

/// What `hubctl login` prints.
struct LoginOutput: JSONDocument {
    var server: String
    var appId: String
    var clientId: String
    var loggedIn: Bool
    var expiresAt: String?
    var scope: String?
    var refreshable: Bool

    init(client: OAuthClientInfo, tokens: OAuthTokens, loggedIn: Bool) {
        server = client.server
        appId = client.appId
        clientId = client.clientId
        self.loggedIn = loggedIn
        expiresAt = tokens.expiresAt.map { ISO8601.string(from: $0) }
        scope = tokens.scope
        refreshable = tokens.refreshToken != nil
    }

    var json: JSONValue {
        .members(["server": .string(server), "appId": .string(appId), "clientId": .string(clientId), "loggedIn": .bool(loggedIn),
                  "expiresAt": expiresAt.map(JSONValue.string), "scope": scope.map(JSONValue.string), "refreshable": .bool(refreshable)])
    }
}
