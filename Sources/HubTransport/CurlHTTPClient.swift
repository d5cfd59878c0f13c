// The real HTTPTransport: libcurl underneath, retries, error mapping to HubError, verbose lines.

import CCurl
import CCurlShim
import Foundation
import HubCore

/// HTTP over one reused libcurl easy handle (so keep-alive connections and TLS sessions are reused
/// between the requests of one command).
///
/// Failures it throws (`HubError` code → kind/exit code): `cannot_connect` 69 (refused, unresolvable,
/// or no connection within the connect timeout), `server_error` 69 (500/502/503/504 after retries),
/// `rate_limited` 69 (429 after retries), `timeout` 75 (no complete answer within `totalTimeout` or
/// before the deadline, a stalled stream, or 408 after retries); a `Retry-After` longer than the
/// deadline leaves fails at once with the code of its status (408 75, 429 and 5xx 69); `server_not_trusted` 69 (curl 60/51: unknown CA or name
/// mismatch — the server cannot be used safely, which is an availability problem the user fixes with
/// --cacert), `ca_certificate_unreadable` 66, `client_certificate_invalid` 77 (curl 58),
/// `certificate_required` / `certificate_rejected` 77 (TLS alert, or nginx's 400 page),
/// `tls_failed` 69, `connection_lost` 69, `too_many_redirects` 69, `redirect_refused` 69,
/// `invalid_url` 78, `invalid_response` 69 (an answer that is not HTTP, or a header too large to read), `response_too_large` 65, `invalid_header` 64,
/// `transfer_failed` 69 (anything else). Other statuses are returned, not thrown.
///
/// Thread safety: a libcurl easy handle must never be used by two threads at once. Every request
/// holds `lock` for its whole duration, so concurrent callers are serialised rather than racing;
/// that is what makes the `@unchecked Sendable` claim true. Callers should still use one client
/// per thread of work, because a second caller simply waits.
public final class CurlHTTPClient: HTTPTransport, @unchecked Sendable {
    public let options: TransportOptions
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let lock = NSLock()
    /// Set in a batch: the transfers run on its shared multi handle and respect its shared backoff
    /// (CurlMulti.swift); nil runs them with curl_easy_perform on this client's own handle.
    private let driver: CurlMultiDriver?

    /// curl_global_init must run once per process before any handle; a static let is initialised
    /// exactly once, lazily and thread-safely, by the Swift runtime. libcurl itself is loaded
    /// here, on first use (SharedLibrary), not when hubctl starts.
    private static let globalInit: Result<CURLcode, HubError> = Result { () throws(HubError) in
        try SharedLibrary.curl.require()
        return hub_curl_global_init_default()
    }

    /// Loads and initialises libcurl once per process; throws when it cannot.
    static func ensureInitialised() throws {
        guard try globalInit.get() == CURLE_OK else {
            throw HubError.internalError("libcurl could not be initialised (curl_global_init failed).")
        }
    }

    public init(options: TransportOptions = TransportOptions(), driver: CurlMultiDriver? = nil) throws {
        try Self.ensureInitialised()
        guard let handle = curl_easy_init() else {
            throw HubError.internalError("libcurl could not create a handle (out of memory?).")
        }
        self.options = options
        self.driver = driver
        self.handle = handle
        // CURL_ERROR_SIZE bytes; libcurl writes its message here on failure.
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try perform(request, sink: nil)
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        try withoutActuallyEscaping(sink) { escapable in
            try perform(request, sink: escapable)
        }
    }

    // MARK: - The retry loop

    /// Attempts `request` until it succeeds, the policy says stop, or the deadline leaves no time
    /// for another attempt (docs/protocol.md §12).
    private func perform(_ request: HTTPRequest, sink: BodySink?) throws -> HTTPResponse {
        try PlainHTTP.check(request, policy: options.plainHTTP)
        lock.lock()
        defer { lock.unlock() }

        let policy = options.retry
        let maxAttempts = max(1, policy.maxAttempts)
        let deadline = options.deadline
        var attempt = 0
        while true {
            attempt += 1
            driver?.backoff.waitTurn(limit: deadline.remaining)
            let left = deadline.remaining
            guard left > 0 else { throw deadlinePassed(request, attempts: attempt - 1) }
            // Each attempt gets the per-request limit, cut to what the deadline leaves; a stream
            // (a bundle download may be large) gets all that is left.
            let limit = sink == nil ? min(options.totalTimeout, left) : left
            let attemptStart = Date()
            let outcome = try runRedirects(request, sink: sink, limit: limit)
            log(request, outcome, elapsed: Date().timeIntervalSince(attemptStart), attempt: attempt, of: maxAttempts)
            // libcurl stops a transfer at its limit, never much before: nearly nothing left means
            // the deadline (not --timeout or a connect timeout) cut this attempt.
            let outOfTime = deadline.remaining < 0.1

            /// The wait before the next attempt; nil when the attempts are used up or the wait
            /// would not end before the deadline.
            func nextDelay(_ asked: Double?) -> Double? {
                guard attempt < maxAttempts else { return nil }
                let delay = asked ?? TransportSupport.backoff(afterAttempt: attempt, policy: policy)
                return delay < deadline.remaining ? delay : nil
            }

            switch outcome {
            case .response(let response, _):
                if Self.isRetryableStatus(response.status), request.idempotent {
                    let header = response.header("Retry-After")
                    let asked = TransportSupport.retryAfterSeconds(header)
                    if let asked, let header, attempt < maxAttempts, asked >= deadline.remaining {
                        var failure = askedTooLong(response, retryAfter: header, seconds: asked, request: request)
                        failure.retryAfter = asked
                        throw failure
                    }
                    if let delay = nextDelay(asked) {
                        driver?.backoff.hold(for: delay)
                        Thread.sleep(forTimeInterval: delay)
                        continue
                    }
                    var failure = exhausted(response, request: request, attempts: attempt,
                                            outOfTime: attempt < maxAttempts)
                    failure.retryAfter = asked
                    throw failure
                }
                if let rejection = certificateRejection(response, request: request) { throw rejection }
                return response

            case .failure(let failure):
                if let sinkError = failure.sinkError { throw sinkError }
                if failure.tooLarge {
                    throw HubError.data("The answer from \(TransportSupport.hostPort(request.url)) is larger than "
                                        + "\(TransportSupport.formatBytes(options.maxResponseBytes)); it was cut off. "
                                        + "Check the server URL, or ask for less.", code: .responseTooLarge)
                }
                if failure.deliveredToSink == 0, isRetryable(failure, request: request),
                   let delay = nextDelay(nil) {
                    Thread.sleep(forTimeInterval: delay)
                    continue
                }
                throw error(for: failure, request: request, attempts: attempt, streaming: sink != nil,
                            outOfTime: outOfTime)
            }
        }
    }

    /// One attempt: the request and the redirects it leads to, all within `limit` seconds. hubctl
    /// follows redirects itself (docs/protocol.md §12): at most `maxRedirects`, only to http/https
    /// (https only from https), and what is bound to the configured origin goes only there.
    private func runRedirects(_ request: HTTPRequest, sink: BodySink?, limit: Double) throws -> AttemptOutcome {
        let end = ContinuousClock.now + .milliseconds(Int64((limit * 1000).rounded()))
        let startedSecure = request.url.lowercased().hasPrefix("https:")
        var hop = request
        var redirects = 0
        while true {
            let left = ContinuousClock.now.duration(to: end)
            let state = TransferState(maxBody: options.maxResponseBytes, sink: sink, progress: options.progress)
            var outcome = try runAttempt(handle: handle, errorBuffer: errorBuffer, request: hop, options: options,
                                         timeLimit: max(0.001, left.inSeconds),
                                         state: state, perform: driver.map { d in { d.perform($0) } })
            if let observe = options.exchangeObserver {
                var status: Int?
                if case .response(let response, _) = outcome { status = response.status }
                observe(HTTPExchange(method: hop.method.uppercased(), url: TransportSupport.redact(hop.url), status: status,
                                     timings: exchangeTimings(handle)))
            }
            if case .failure(var failure) = outcome, redirects > 0 {
                // The first hop was sent: repeating the chain repeats it.
                failure.requestSent = true
                failure.redirectCount = redirects
                outcome = .failure(failure)
            }
            guard case .response(let response, _) = outcome, options.maxRedirects > 0, request.followsRedirects,
                  Redirect.isRedirect(response.status),
                  let location = response.header("Location") else { return outcome }
            func refused(_ code: CURLcode, _ detail: String) -> AttemptOutcome {
                .failure(TransferFailure(code: code, detail: detail, requestSent: true, deliveredToSink: 0,
                                         tooLarge: false, sinkError: nil, redirectCount: redirects + 1))
            }
            guard redirects < options.maxRedirects else {
                return refused(CURLE_TOO_MANY_REDIRECTS, "more than \(options.maxRedirects) redirects")
            }
            guard let target = Redirect.target(of: location, from: hop.url, startedSecure: startedSecure) else {
                return refused(CURLE_UNSUPPORTED_PROTOCOL, "a redirect hubctl does not follow")
            }
            let next = Redirect.next(after: hop, status: response.status, to: target, original: request)
            if let reason = Redirect.crossOriginRefusal(next: next, original: request) {
                return refused(CURLE_UNSUPPORTED_PROTOCOL, reason)
            }
            redirects += 1
            hop = next
        }
    }

    /// Statuses that mean "try again": request timeout, rate limiting, transient server errors.
    static func isRetryableStatus(_ status: Int) -> Bool {
        switch status {
        case 408, 429, 500, 502, 503, 504: true
        default: false
        }
    }

    private func isRetryable(_ failure: TransferFailure, request: HTTPRequest) -> Bool {
        switch failure.code {
        case CURLE_COULDNT_CONNECT:
            // Nothing was sent (unless an earlier hop of a redirect was), so even a POST is safe to repeat.
            return request.idempotent || !failure.requestSent
        case CURLE_OPERATION_TIMEDOUT, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            if isCertificateAlert(failure) { return false }
            return request.idempotent || !failure.requestSent
        default:
            // Never TLS verification failures, bad client certificates, malformed URLs, refused redirects.
            return false
        }
    }

    // MARK: - Errors

    /// The status kept coming back until the attempts ran out, or (`outOfTime`) until the deadline
    /// left no time for the next one.
    private func exhausted(_ response: HTTPResponse, request: HTTPRequest, attempts: Int, outOfTime: Bool) -> HubError {
        let server = TransportSupport.hostPort(request.url)
        var tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        if outOfTime { tries += " (the \(deadlineName) left no time for another)" }
        switch response.status {
        case 408:
            return HubError(.temporary, code: .timeout,
                            "The server at \(server) kept timing out the request (HTTP 408) after \(tries). "
                            + "Try again later.", status: 408)
        case 429:
            return HubError(.unavailable, code: .rateLimited,
                            "The server at \(server) kept refusing with 'too many requests' (HTTP 429) after \(tries). "
                            + "Wait a while before trying again.", status: 429)
        default:
            return HubError(.unavailable, code: .serverError,
                            "The server at \(server) kept failing (HTTP \(response.status)) after \(tries). "
                            + "Try again later, or ask its administrator to check the server's health and logs.",
                            status: response.status)
        }
    }

    /// "the 120 s deadline (--deadline)", for messages.
    private var deadlineName: String {
        "\(TransportSupport.formatSeconds(options.deadline.seconds)) deadline (--deadline)"
    }

    /// Seconds left of the deadline, rounded down, for messages.
    private var timeLeft: String {
        TransportSupport.formatSeconds(max(0, options.deadline.remaining.rounded(.down)))
    }

    /// The server asked (with `Retry-After`) to wait longer than the deadline leaves: waiting would
    /// only end in a timeout, so the command fails at once and says what the server asked for.
    private func askedTooLong(_ response: HTTPResponse, retryAfter: String, seconds: Double, request: HTTPRequest) -> HubError {
        let server = TransportSupport.hostPort(request.url)
        let wait = TransportSupport.formatSeconds(seconds.rounded(.up))
        let value = retryAfter.trimmingCharacters(in: .whitespaces)
        // Delta-seconds as the server wrote them (the digits were checked when they were read).
        let asked = value.allSatisfy({ $0.isASCII && $0.isNumber }) ? "to retry after \(value) s" : "to retry at \(value) (in \(wait))"
        let what = "The server at \(server) answered HTTP \(response.status) and asked \(asked), more than the "
            + "\(timeLeft) left of the \(deadlineName)."
        switch response.status {
        case 408:
            return HubError(.temporary, code: .timeout, what + " Try again later, or raise --deadline.", status: 408)
        case 429:
            return HubError(.unavailable, code: .rateLimited, what + " Wait that long before trying again.", status: 429)
        default:
            return HubError(.unavailable, code: .serverError, what + " Try again after that time, or ask its "
                            + "administrator about the outage.", status: response.status)
        }
    }

    /// The deadline passed before an attempt could start (an earlier request, a prompt or the
    /// waits between attempts used it up).
    private func deadlinePassed(_ request: HTTPRequest, attempts: Int) -> HubError {
        let tries = attempts == 0 ? "" : " after \(attempts) attempt\(attempts == 1 ? "" : "s")"
        return HubError(.temporary, code: .timeout,
                        "The \(deadlineName) ran out before the request to \(TransportSupport.hostPort(request.url)) "
                        + "could be made\(tries). Raise --deadline (or HUBCTL_DEADLINE) if the server is slow, or try again later.")
    }

    /// nginx with `ssl_verify_client on` completes the handshake and answers 400 with these texts
    /// when the certificate is missing or fails verification (docs/security.md §6): that is a rejected
    /// certificate (exit 77), not a bad request.
    private func certificateRejection(_ response: HTTPResponse, request: HTTPRequest) -> HubError? {
        guard response.status == 400, response.body.count < 4096 else { return nil }
        let text = String(decoding: response.body, as: UTF8.self)
        let server = TransportSupport.hostPort(request.url)
        if text.contains("No required SSL certificate was sent") {
            return HubError(.permission, code: .certificateRequired,
                            "The server at \(server) requires a client certificate and none was sent. "
                            + "Give one with --cert/--key, --pkcs12 or a certificate provider.", status: 400)
        }
        if text.contains("The SSL certificate error") {
            return HubError(.permission, code: .certificateRejected,
                            "The server at \(server) rejected the client certificate (not issued by a CA it trusts, "
                            + "expired, or revoked). Use a certificate the server accepts.", status: 400)
        }
        return nil
    }

    /// A TLS alert about our certificate (OpenSSL names it in the error text: "alert bad certificate",
    /// "alert unknown ca", "alert certificate required", "alert certificate expired", ...).
    private func isCertificateAlert(_ failure: TransferFailure) -> Bool {
        guard failure.code == CURLE_SSL_CONNECT_ERROR || failure.code == CURLE_RECV_ERROR
              || failure.code == CURLE_SEND_ERROR else { return false }
        let text = failure.detail.lowercased()
        return text.contains("alert") && (text.contains("certificate") || text.contains("unknown ca"))
    }

    private func error(for failure: TransferFailure, request: HTTPRequest, attempts: Int, streaming: Bool,
                       outOfTime: Bool) -> HubError {
        let server = TransportSupport.hostPort(request.url)
        let tries = attempts == 1 ? "" : " after \(attempts) attempts"
        let reason = failure.detail
        switch failure.code {
        case CURLE_COULDNT_CONNECT:
            return HubError(.unavailable, code: .cannotConnect,
                            "Cannot connect to \(server)\(tries) (\(reason)). "
                            + "Check --server (or HUBCTL_SERVER) and that the server is running.")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return HubError(.unavailable, code: .cannotConnect,
                            "Cannot find the host of \(server) (\(reason)). "
                            + "Check the host name in --server (or HUBCTL_SERVER) and the network.")
        case CURLE_OPERATION_TIMEDOUT where outOfTime && !reason.lowercased().contains("too slow"):
            return HubError(.temporary, code: .timeout,
                            "No complete answer from \(server) before the \(deadlineName) ran out\(tries). "
                            + "Raise --deadline (or HUBCTL_DEADLINE) if the server is slow or the download large, "
                            + "or try again later.")
        case CURLE_OPERATION_TIMEDOUT where !failure.requestSent:
            return HubError(.unavailable, code: .cannotConnect,
                            "Cannot connect to \(server)\(tries): no answer within "
                            + "\(TransportSupport.formatSeconds(options.connectTimeout)). "
                            + "Check --server (or HUBCTL_SERVER), that the server is running, and firewalls.")
        case CURLE_OPERATION_TIMEDOUT:
            if streaming || reason.lowercased().contains("too slow") {
                return HubError(.temporary, code: .timeout,
                                "The transfer from \(server) stalled (under \(options.lowSpeedLimit) B/s for "
                                + "\(options.lowSpeedTime) s)\(tries). Try again later.")
            }
            return HubError(.temporary, code: .timeout,
                            "No complete answer from \(server) within the "
                            + "\(TransportSupport.formatSeconds(options.totalTimeout)) limit\(tries). "
                            + "Raise it with --timeout if the server is slow, or try again later.")
        case CURLE_PEER_FAILED_VERIFICATION where reason.contains("subject name") || reason.lowercased().contains("does not match"):
            // Same code and exit (69) as an unknown CA: either way the server could not prove who it is;
            // only the advice differs.
            return HubError(.unavailable, code: .serverNotTrusted,
                            "The server at \(server) is not trusted: its certificate is not issued for that host name (\(reason)). "
                            + "Use the host name the certificate names in --server, or ask the administrator for a matching "
                            + "certificate (--cacert does not help here).")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_OBSOLETE51:
            return HubError(.unavailable, code: .serverNotTrusted,
                            "The server at \(server) is not trusted: its certificate could not be verified (\(reason)). "
                            + "Pass --cacert (or HUBCTL_CACERT) with the CA that issued it.")
        case CURLE_SSL_CACERT_BADFILE:
            return HubError(.noInput, code: .caCertificateUnreadable,
                            "The CA bundle given with --cacert could not be read (\(reason)). "
                            + "Check the path and that it holds PEM certificates.")
        case CURLE_SSL_CERTPROBLEM:
            return HubError(.permission, code: .clientCertificateInvalid,
                            "The client certificate or its key could not be used (\(reason)). Check the --cert/--key "
                            + "files and the key's passphrase (HUBCTL_KEY_PASSPHRASE), or the PKCS#12 file and its "
                            + "passphrase (HUBCTL_PKCS12_PASSPHRASE), or what the certificate provider gave.")
        case _ where isCertificateAlert(failure):
            if options.clientCertificate == nil {
                return HubError(.permission, code: .certificateRequired,
                                "The server at \(server) requires a client certificate (\(reason)). "
                                + "Give one with --cert/--key, --pkcs12 or a certificate provider.")
            }
            return HubError(.permission, code: .certificateRejected,
                            "The server at \(server) rejected the client certificate (\(reason)). "
                            + "Use a certificate issued by a CA the server trusts, and check it has not expired.")
        case CURLE_SSL_CONNECT_ERROR:
            return HubError(.unavailable, code: .tlsFailed,
                            "The TLS handshake with \(server) failed (\(reason)). "
                            + "Check that --server uses the right scheme (https) and port.")
        case CURLE_OUT_OF_MEMORY where failure.oversizedHeader:
            return HubError(.unavailable, code: .invalidResponse,
                            "The answer from \(server) has a header larger than hubctl accepts (libcurl's limit is "
                            + "about 100 KiB per header line; an oversized Set-Cookie is the usual cause), so it "
                            + "cannot be read. Ask the administrator of the server, or of a proxy in front of it, "
                            + "what sends it.")
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            return HubError(.unavailable, code: .connectionLost,
                            "The connection to \(server) broke before the answer was complete\(tries) (\(reason)). "
                            + "Try again later.")
        case CURLE_TOO_MANY_REDIRECTS:
            return HubError(.unavailable, code: .tooManyRedirects,
                            "The server at \(server) redirected more than \(options.maxRedirects) times. "
                            + "Check the server URL (--server).")
        case CURLE_UNSUPPORTED_PROTOCOL where failure.redirectCount > 0 || !request.url.lowercased().hasPrefix("http"):
            if failure.redirectCount > 0 {
                let why = failure.detail.hasPrefix("it would") ? failure.detail
                    : "only http/https, and only https from https"
                return HubError(.unavailable, code: .redirectRefused,
                                "The server at \(server) redirected to a URL hubctl does not follow (\(why)). "
                                + "Check the server URL (--server): it should be the address the server redirects to.")
            }
            return HubError.config("The server URL must start with http:// or https://; fix --server.",
                                   code: .invalidUrl)
        case CURLE_URL_MALFORMAT:
            return HubError.config("The server URL is malformed (\(reason)); fix --server.", code: .invalidUrl)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
            // The URL was http(s) and no redirect was refused (above): the answer itself is not HTTP
            // hubctl can read, e.g. a garbage status line or another protocol on that port.
            return HubError(.unavailable, code: .invalidResponse,
                            "The answer from \(server) is not valid HTTP (\(reason)). "
                            + "Check that --server names the HTTP(S) port of SMP or Mobile Services.")
        default:
            return HubError(.unavailable, code: .transferFailed,
                            "The request to \(server) failed (\(reason), curl error \(failure.code.rawValue)). "
                            + "Try again later; --verbose shows each attempt.")
        }
    }

    // MARK: - Verbose

    /// One line per attempt, e.g. `GET http://h/p -> 201 (523 B, 12 ms, attempt 1/4)`. The URL is
    /// redacted; headers (Authorization among them) and credentials are never logged.
    private func log(_ request: HTTPRequest, _ outcome: AttemptOutcome, elapsed: Double, attempt: Int, of max: Int) {
        guard let verbose = options.verboseLog else { return }
        let ms = Int((elapsed * 1000).rounded())
        let head = "\(request.method.uppercased()) \(TransportSupport.redact(request.url))"
        switch outcome {
        case .response(let response, let bytes):
            var line = "\(head) -> \(response.status) (\(TransportSupport.formatBytes(bytes)), \(ms) ms, attempt \(attempt)/\(max))"
            if response.effectiveURL != request.url {
                line += " via \(TransportSupport.redact(response.effectiveURL))"
            }
            verbose(line)
        case .failure(let failure):
            let what = failure.sinkError != nil ? "aborted by the receiver"
                : failure.tooLarge ? "answer too large" : failure.detail
            verbose("\(head) -> failed: \(what) (\(ms) ms, attempt \(attempt)/\(max))")
        }
    }
}
