// The transport's vocabulary: a request, a response, and the options that shape every request.
// HubTransport knows HTTP, TLS and retries; it knows nothing of SMP.

import Foundation
import HubCore
import Synchronization

public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

/// Basic-auth credentials; given to libcurl with CURLOPT_USERNAME/CURLOPT_PASSWORD, never in a URL.
public struct BasicCredentials: Sendable, Equatable {
    public var user: String
    public var password: String
    public init(user: String, password: String) { self.user = user; self.password = password }
}

/// A client certificate and key handed to libcurl from memory (the `_BLOB` options), no temp file.
public enum ClientCertificate: Sendable, Equatable {
    /// PEM certificate (chain) and PEM private key; `keyPassphrase` for an encrypted key.
    case pem(certificate: Data, key: Data, keyPassphrase: String?)
    /// A PKCS#12 bundle and its passphrase.
    case pkcs12(Data, passphrase: String?)
}

/// Produces a request body piece by piece: fills the buffer and returns how many bytes it wrote,
/// 0 at the end. Throwing aborts the transfer.
public typealias BodyReader = (UnsafeMutableRawBufferPointer) throws -> Int

/// A request body: bytes in memory, or a stream read through libcurl's read callback so that an
/// upload of hundreds of megabytes never sits in memory.
public enum RequestBody: Sendable {
    case bytes(Data)
    /// `length` is sent as Content-Length when known (otherwise the body goes chunked). `open` is
    /// called at the start of every attempt, so a retried request sends the body from its start.
    case stream(length: Int64?, open: @Sendable () throws -> BodyReader)

    /// The body of a file, read as it is sent (the file is opened anew for each attempt).
    public static func file(_ path: String) throws -> RequestBody {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let length = (attributes[.size] as? NSNumber)?.int64Value
        return .stream(length: length) {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw HubError.noInput("Cannot read \(path) to send it. Check that it exists and is readable.", code: .fileNotFound)
            }
            return { buffer in
                let chunk = try handle.read(upToCount: buffer.count) ?? Data()
                chunk.copyBytes(to: buffer)
                return chunk.count
            }
        }
    }
}

public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    public var body: RequestBody?
    /// Safe to send twice: GET, PUT, DELETE, or a POST the caller made idempotent (for example
    /// with a client-chosen X-SMP-APPCID). Only idempotent requests are retried on 5xx/timeouts.
    public var idempotent: Bool
    public var credentials: BasicCredentials?
    /// Its body or headers hold a secret beyond `credentials` (an OAuth grant: a code and verifier,
    /// a refresh token, a client secret): it follows no redirect to another origin at all.
    public var carriesSecrets = false
    /// False: a redirect is answered to the caller as it came, not followed, even to the same
    /// origin (the cockpit's Admin API: a redirect there is a login, docs/protocol.md §17.3).
    public var followsRedirects = true

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil,
                idempotent: Bool? = nil, credentials: BasicCredentials? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body.map(RequestBody.bytes)
        self.idempotent = idempotent ?? ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method.uppercased())
        self.credentials = credentials
    }

    /// A request with a streamed (or any) body.
    public init(method: String, url: String, headers: [HTTPHeader] = [], upload: RequestBody,
                idempotent: Bool? = nil, credentials: BasicCredentials? = nil) {
        self.init(method: method, url: url, headers: headers, body: nil, idempotent: idempotent, credentials: credentials)
        self.body = upload
    }

    /// The body bytes when they are in memory (nil for none or a stream).
    public var bodyBytes: Data? {
        if case .bytes(let data)? = body { return data }
        return nil
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Headers of the final response, in order, names as the server sent them.
    public var headers: [HTTPHeader]
    public var body: Data
    /// The URL after redirects.
    public var effectiveURL: String

    public init(status: Int, headers: [HTTPHeader], body: Data, effectiveURL: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
    }

    /// First header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Cookies set by `Set-Cookie` headers of the final response, by name (last one wins).
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for h in headers where h.name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
            let pair = h.value.split(separator: ";", maxSplits: 1).first ?? ""
            guard let eq = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<eq].trimmingCharacters(in: .whitespaces)
            var value = pair[pair.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            result[name] = value
        }
        return result
    }
}

/// libcurl's timers for one exchange (one hop), in seconds from its start, and the phases
/// `hubctl probe` reports from them (docs/protocol.md §18.1).
public struct HTTPTimings: Sendable, Equatable {
    /// CURLINFO_NAMELOOKUP_TIME_T, CONNECT_TIME_T, APPCONNECT_TIME_T, STARTTRANSFER_TIME_T, TOTAL_TIME_T.
    public var nameLookup: Double
    public var connect: Double
    public var appConnect: Double
    public var startTransfer: Double
    public var total: Double

    public init(nameLookup: Double, connect: Double, appConnect: Double, startTransfer: Double, total: Double) {
        self.nameLookup = nameLookup
        self.connect = connect
        self.appConnect = appConnect
        self.startTransfer = startTransfer
        self.total = total
    }

    /// Resolving the host name.
    public var dns: Double { Self.microseconds(nameLookup) }
    /// The TCP connection (about 0 when an open connection was reused).
    public var tcpConnect: Double { Self.microseconds(connect - nameLookup) }
    /// The TLS handshake: 0 over plain HTTP and on a reused connection (libcurl reports no handshake then).
    public var tls: Double { appConnect > 0 ? Self.microseconds(appConnect - connect) : 0 }
    /// From the connection being ready to the first byte of the answer: the request sent and the
    /// server's work; 0 when no answer came.
    public var firstByte: Double { startTransfer > 0 ? Self.microseconds(startTransfer - max(appConnect, connect)) : 0 }

    /// Not negative, and rounded to libcurl's resolution (a difference of two timers would
    /// otherwise print as 6.1000000000000005e-05).
    public static func microseconds(_ seconds: Double) -> Double { (max(0, seconds) * 1_000_000).rounded() / 1_000_000 }
}

/// One exchange as a transport's observer sees it: what was asked (the URL redacted as `--verbose`
/// shows it), the status (nil when no answer came) and libcurl's timers.
public struct HTTPExchange: Sendable {
    public var method: String
    public var url: String
    public var status: Int?
    public var timings: HTTPTimings

    public init(method: String, url: String, status: Int?, timings: HTTPTimings) {
        self.method = method
        self.url = url
        self.status = status
        self.timings = timings
    }
}

/// How often and how soon a failed request is tried again. How long all of it may take is the
/// command's `Deadline`: a wait (a backoff, or the server's `Retry-After`) that does not fit in the
/// time left is not made.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var initialBackoff: Double
    public var maxBackoff: Double

    public init(maxAttempts: Int = 4, initialBackoff: Double = 0.5, maxBackoff: Double = 8) {
        self.maxAttempts = maxAttempts
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
    }
}

/// The one overall time limit of a command (`--deadline`, docs/protocol.md §12): every attempt,
/// redirect, wait and download of every request the command makes ends before it. Measured on a
/// monotonic clock, so a change of the wall clock neither shortens nor stretches it.
public struct Deadline: Sendable {
    private let fixedSeconds: Double
    private let end: ContinuousClock.Instant
    /// Set for a deadline its owner moves between steps (`DeadlineWindow`).
    private let window: DeadlineWindow?

    /// `seconds` from `start` (by default, from now).
    public init(seconds: Double, from start: ContinuousClock.Instant = .now) {
        self.fixedSeconds = seconds
        self.end = start + .milliseconds(Int64((min(seconds, 1e9) * 1000).rounded()))
        self.window = nil
    }

    /// A deadline that follows `window`: each step the window's owner starts gets its own limit,
    /// while the transport (its connections and credentials) stays the same.
    public init(window: DeadlineWindow) {
        self.fixedSeconds = 0
        self.end = .now
        self.window = window
    }

    /// The limit as given, in seconds (for messages).
    public var seconds: Double { window?.current.seconds ?? fixedSeconds }

    /// Seconds left; 0 or less once it has passed.
    public var remaining: Double {
        let left = ContinuousClock.now.duration(to: window?.current.end ?? end)
        return left.inSeconds
    }
}

/// The limit of the step under way, for a command made of a series of bounded steps that share one
/// transport (`acp check --wait`: every check has its own deadline, however long the wait lasts).
public final class DeadlineWindow: Sendable {
    private let state: Mutex<(seconds: Double, end: ContinuousClock.Instant)>

    public init(seconds: Double, from start: ContinuousClock.Instant = .now) {
        state = Mutex((seconds, Self.end(seconds, from: start)))
    }

    /// Starts the next step: `seconds` from `start`.
    public func restart(seconds: Double, from start: ContinuousClock.Instant = .now) {
        state.withLock { $0 = (seconds, Self.end(seconds, from: start)) }
    }

    var current: (seconds: Double, end: ContinuousClock.Instant) { state.withLock { $0 } }

    private static func end(_ seconds: Double, from start: ContinuousClock.Instant) -> ContinuousClock.Instant {
        start + .milliseconds(Int64((min(max(seconds, 0), 1e9) * 1000).rounded()))
    }
}

public struct TransportOptions: Sendable {
    public var caCertificatePath: String?
    /// Skip TLS verification (the command layer prints the loud warning).
    public var insecure: Bool
    public var connectTimeout: Double
    /// Per-request limit (`--timeout`): each attempt of a request, its redirects included. Streams
    /// have none; the deadline bounds them.
    public var totalTimeout: Double
    /// The command's overall limit (`--deadline`); every attempt's limit is cut to the time it leaves.
    public var deadline: Deadline
    /// Abort when slower than `lowSpeedLimit` bytes/s for `lowSpeedTime` seconds.
    public var lowSpeedLimit: Int
    public var lowSpeedTime: Int
    /// Largest response body kept in memory by `send`; counted in the write callback.
    public var maxResponseBytes: Int
    public var maxRedirects: Int
    public var retry: RetryPolicy
    public var clientCertificate: ClientCertificate?
    public var userAgent: String
    /// Receives one line per request (method, URL, status, time) with secrets redacted.
    public var verboseLog: (@Sendable (String) -> Void)?
    /// Called as a body arrives (bytes so far, the total when the server announced it); for
    /// progress bars over `stream`. Not called when nil, which keeps libcurl's meter off.
    public var progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    /// Called after every exchange (each attempt and each redirect hop) with its status and timers;
    /// `hubctl probe` reports them. Not called when nil.
    public var exchangeObserver: (@Sendable (HTTPExchange) -> Void)?
    /// Secrets over plain http:// to a host that is not loopback: refused unless allowed.
    public var plainHTTP: PlainHTTPPolicy = .refuse

    public init(caCertificatePath: String? = nil, insecure: Bool = false, connectTimeout: Double = 10,
                totalTimeout: Double = 30, deadline: Deadline = Deadline(seconds: 120), lowSpeedLimit: Int = 1, lowSpeedTime: Int = 30,
                maxResponseBytes: Int = 16 << 20, maxRedirects: Int = 5, retry: RetryPolicy = RetryPolicy(),
                clientCertificate: ClientCertificate? = nil, userAgent: String = "hubctl/\(HubVersion.current)",
                verboseLog: (@Sendable (String) -> Void)? = nil,
                progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)? = nil) {
        self.caCertificatePath = caCertificatePath
        self.insecure = insecure
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.deadline = deadline
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.retry = retry
        self.clientCertificate = clientCertificate
        self.userAgent = userAgent
        self.verboseLog = verboseLog
        self.progress = progress
    }
}

/// Receives a streamed body chunk by chunk; throwing aborts the transfer.
public typealias BodySink = (UnsafeRawBufferPointer) throws -> Void

/// What the services need from HTTP. `CurlHTTPClient` is the real one; tests use fakes.
public protocol HTTPTransport: AnyObject {
    /// Sends a request (retrying as the policy allows) and returns the whole final response.
    /// Throws HubError: .unavailable (cannot connect, 5xx after retries), .temporary (timeout),
    /// .data (response larger than the cap), .permission (TLS client certificate rejected).
    /// Non-2xx statuses that are not retried are returned, not thrown.
    func send(_ request: HTTPRequest) throws -> HTTPResponse

    /// Streams the body of a successful (2xx) response to `sink` without holding it in memory;
    /// non-2xx responses are returned with their (capped) body and nothing is given to the sink.
    /// Retries only before the first byte reached the sink. The returned body is empty on 2xx.
    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse
}
