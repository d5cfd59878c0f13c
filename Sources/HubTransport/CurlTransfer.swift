// One attempt of one request on a reused libcurl easy handle: set the options, run it, collect the outcome.

import CCurl
import CCurlShim
import Foundation
import HubCore

/// What one attempt produced: a response (any status), or a libcurl failure with what we know about it.
enum AttemptOutcome {
    case response(HTTPResponse, bytes: Int)
    case failure(TransferFailure)
}

/// A libcurl error, with the facts the retry and error-mapping code needs.
struct TransferFailure {
    var code: CURLcode
    /// libcurl's error buffer (or curl_easy_strerror): host names and TLS reasons, never credentials.
    var detail: String
    /// Whether any byte of the request went out; when none did, resending cannot do anything twice.
    var requestSent: Bool
    /// Bytes already handed to a stream sink; once non-zero the attempt cannot be repeated.
    var deliveredToSink: Int
    /// The body passed `maxResponseBytes` (the write callback returned short).
    var tooLarge: Bool
    /// The sink, or the reader of a streamed body, threw; rethrown as itself.
    var sinkError: (any Error)?
    /// Redirects already followed when it failed (a refused redirect protocol shows up here).
    var redirectCount: Int
    /// The answer's headers were still arriving when libcurl gave up for lack of room: a header
    /// line larger than libcurl accepts (about 100 KiB), reported by libcurl 7.88 as "Out of memory".
    var oversizedHeader = false
}

/// State shared with libcurl's C callbacks through their userdata pointer, for one attempt.
/// Only touched on the thread running curl_easy_perform, so it needs no locking.
final class TransferState {
    var status = 0
    var headers: [HTTPHeader] = []
    /// The blank line that ends the headers arrived (a connection closed before it cut them off).
    var headersComplete = false
    var body = Data()
    let maxBody: Int
    var tooLarge = false
    /// Set for `stream`: 2xx bodies go here instead of into `body`.
    var sink: BodySink?
    var sinkError: (any Error)?
    var delivered = 0
    var progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Set for a streamed request body; its error (if it throws) aborts the attempt.
    var reader: BodyReader?
    var readerError: (any Error)?
    /// The streamed body's declared length (nil: chunked), and how much of it the reader gave.
    var uploadLength: Int64?
    var uploaded: Int64 = 0

    init(maxBody: Int, sink: BodySink?, progress: (@Sendable (Int64, Int64?) -> Void)?) {
        self.maxBody = maxBody
        self.sink = sink
        self.progress = progress
    }

    /// A header line from libcurl. A status line starts a new response (a redirect hop, a 100
    /// Continue), so everything collected before belongs to an earlier response and is dropped:
    /// the caller sees the headers of the final response only.
    func headerLine(_ raw: UnsafeRawBufferPointer) {
        let line = String(decoding: raw, as: UTF8.self).trimmingNewlines()
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers.removeAll()
            body.removeAll()
            headersComplete = false
            return
        }
        if line.isEmpty {
            headersComplete = true
            return
        }
        if let first = line.first, first == " " || first == "\t", !headers.isEmpty {
            // Obsolete line folding: continues the previous header's value.
            headers[headers.count - 1].value += " " + line.trimmingSpaces()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        headers.append(HTTPHeader(name, value))
    }

    /// A body chunk from libcurl. Returns false to make libcurl abort (the write callback then
    /// returns short, which is curl error 23).
    func bodyChunk(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if let sink, (200..<300).contains(status) {
            do {
                try sink(chunk)
                delivered += chunk.count
                return true
            } catch {
                sinkError = error
                return false
            }
        }
        // Counted here because CURLOPT_MAXFILESIZE does not stop chunked bodies in libcurl 7.88.
        if body.count + chunk.count > maxBody {
            tooLarge = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }
}

private let writeCallback: hub_curl_data_cb = { ptr, size, nmemb, userdata in
    let count = size * nmemb
    guard let userdata else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
    let chunk = UnsafeRawBufferPointer(start: ptr, count: ptr == nil ? 0 : count)
    return state.bodyChunk(chunk) ? count : 0
}

private let readCallback: hub_curl_data_cb = { ptr, size, nmemb, userdata in
    guard let userdata, let ptr else { return hub_curl_readfunc_abort() }
    let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
    guard let reader = state.reader else { return 0 }
    do {
        let written = min(try reader(UnsafeMutableRawBufferPointer(start: ptr, count: size * nmemb)), size * nmemb)
        // A body that ends short of its Content-Length would leave the server waiting for the rest
        // (and hubctl for its answer) until the time limit: stopped here instead.
        if written == 0, let declared = state.uploadLength, state.uploaded < declared {
            throw HubError(.data, code: .invalidData,
                           "The request body ended after \(state.uploaded) of the \(declared) bytes it declared: what it is read from changed while it was being sent.")
        }
        state.uploaded += Int64(written)
        return written
    } catch {
        state.readerError = error
        return hub_curl_readfunc_abort()
    }
}

private let headerCallback: hub_curl_data_cb = { ptr, size, nmemb, userdata in
    let count = size * nmemb
    guard let userdata, let ptr else { return count }
    let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
    state.headerLine(UnsafeRawBufferPointer(start: ptr, count: count))
    return count
}

private let progressCallback: hub_curl_xferinfo_cb = { clientp, dltotal, dlnow, _, _ in
    guard let clientp else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(clientp).takeUnretainedValue()
    if (200..<300).contains(state.status), dlnow > 0 {
        state.progress?(Int64(dlnow), dltotal > 0 ? Int64(dltotal) : nil)
    }
    return 0
}

/// Methods whose requests normally carry a body: sent with `Content-Length: 0` when there is none.
private let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH", "MERGE"]

/// Runs one exchange (one hop: redirects are followed by the caller) on `handle`, given at most
/// `timeLimit` seconds. The handle is reset first, so nothing set for an earlier request (a body, a
/// method, credentials, a client certificate) leaks into this one; curl_easy_reset keeps the live
/// connections, which is what we reuse the handle for.
func runAttempt(handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
                request: HTTPRequest, options: TransportOptions, timeLimit: Double,
                state: TransferState,
                perform: ((UnsafeMutableRawPointer) -> CURLcode)? = nil) throws -> AttemptOutcome {
    curl_easy_reset(handle)
    errorBuffer[0] = 0

    var setup = OptionSetter(handle: handle)
    setup.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
    setup.long(CURLOPT_NOSIGNAL, 1)
    setup.string(CURLOPT_URL, request.url)
    // A request that must not be sent twice goes out on a new connection: on a reused connection that
    // the server closes before answering, libcurl re-sends the request by itself, unseen by the retry
    // policy (docs/security.md "No request sent twice"), so a POST that may have reached the server
    // (a push to 1,000 users) would be sent again. A fresh connection is never retried that way.
    if !request.idempotent { setup.long(CURLOPT_FRESH_CONNECT, 1) }
    // This machine is never reached through a proxy (http_proxy, ALL_PROXY…): a loopback server's
    // request carries its password in clear, which only the loopback rule lets through
    // (docs/security.md "Secrets over plain HTTP"). The user's no_proxy list is kept.
    setup.string(CURLOPT_NOPROXY, LoopbackProxyBypass.list)
    // The path goes out as hubctl built it: libcurl would otherwise remove `.` and `..` segments
    // and send a request meant for one resource to another (docs/security.md, "Names in paths").
    setup.long(CURLOPT_PATH_AS_IS, 1)
    // Only HTTP(S). CURLOPT_FOLLOWLOCATION stays off: CurlHTTPClient follows redirects itself, so
    // that it chooses the headers and credentials of every hop (docs/protocol.md §12).
    setup.string(CURLOPT_PROTOCOLS_STR, "http,https")
    setup.string(CURLOPT_USERAGENT, options.userAgent)
    // Any encoding libcurl can decode; the byte cap then counts decoded bytes (a gzip bomb is stopped).
    setup.string(CURLOPT_ACCEPT_ENCODING, "")
    // One cookie jar per handle (so per command), in memory only: libcurl keeps what a server sets
    // across curl_easy_reset and sends it back only where the cookie's domain and path match
    // (Mobile Services' session cookies, docs/protocol.md §14). "" reads no file.
    setup.string(CURLOPT_COOKIEFILE, "")

    // Method and body.
    let method = request.method.uppercased()
    let body = request.body ?? (methodsWithBody.contains(method) ? .bytes(Data()) : nil)
    switch method {
    case "GET" where body == nil:
        setup.long(CURLOPT_HTTPGET, 1)
    case "HEAD":
        setup.long(CURLOPT_NOBODY, 1)
    default:
        // POST without CUSTOMREQUEST keeps libcurl's redirect rules (303 → GET); other methods stick.
        if method != "POST" { setup.string(CURLOPT_CUSTOMREQUEST, method) }
    }
    switch body {
    case .bytes(let data)?:
        setup.long(CURLOPT_POST, 1)
        setup.off(CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count))
        // COPYPOSTFIELDS copies the bytes (binary safe because the size is set first).
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
            setup.pointer(CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
        }
    case .stream(let length, let open)?:
        // A fresh reader per attempt; libcurl pulls from it through the read callback.
        state.reader = try open()
        state.uploadLength = length
        state.uploaded = 0
        setup.long(CURLOPT_POST, 1)
        // -1: unknown length, sent with chunked transfer encoding.
        setup.off(CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(length ?? -1))
        setup.check(hub_curl_setopt_read_callback(handle, readCallback))
        setup.pointer(CURLOPT_READDATA, Unmanaged.passUnretained(state).toOpaque())
        // libcurl's own upload buffer, 64 KiB, as `curl -T` uses: larger pieces (1 MiB) made a
        // 200 MB upload to a server on the same machine slower (bench/bundles.sh).
    case nil:
        break
    }

    // Headers: the caller's, plus two suppressions: no `Expect: 100-continue` round trip, and no
    // form Content-Type libcurl would invent for a body the caller did not type.
    var list: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(list) }
    for header in request.headers {
        guard !header.name.contains(where: { $0.isNewline }), !header.value.contains(where: { $0.isNewline }),
              !header.name.isEmpty, !header.name.contains(":") else {
            throw HubError.usage("The request header '\(header.name.filter { !$0.isNewline })' is malformed "
                                 + "(a line break or colon in it); fix the value it comes from.",
                                 code: .invalidHeader)
        }
        list = curl_slist_append(list, "\(header.name): \(header.value)")
        SecretValues.register(credential: header)
    }
    if request.carriesSecrets, case .bytes(let data)? = body { SecretValues.register(form: data) }
    let has = { (name: String) in request.headers.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame } }
    if !has("Expect") { list = curl_slist_append(list, "Expect:") }
    if body != nil, !has("Content-Type") { list = curl_slist_append(list, "Content-Type:") }
    setup.slist(CURLOPT_HTTPHEADER, list)

    // Basic auth through libcurl's own options, never a user:password@ URL.
    if let credentials = request.credentials {
        SecretValues.registerBasic(user: credentials.user, password: credentials.password)
        setup.string(CURLOPT_USERNAME, credentials.user)
        setup.string(CURLOPT_PASSWORD, credentials.password)
        setup.check(hub_curl_setopt_basic_auth(handle))
    }

    // TLS. Verification is libcurl's default; set anyway so the intent is visible.
    setup.long(CURLOPT_SSL_VERIFYPEER, options.insecure ? 0 : 1)
    setup.long(CURLOPT_SSL_VERIFYHOST, options.insecure ? 0 : 2)
    if let ca = options.caCertificatePath { setup.string(CURLOPT_CAINFO, ca) }
    switch options.clientCertificate {
    case .pem(let certificate, let key, let passphrase):
        setup.blob(CURLOPT_SSLCERT_BLOB, certificate)
        setup.string(CURLOPT_SSLCERTTYPE, "PEM")
        setup.blob(CURLOPT_SSLKEY_BLOB, key)
        setup.string(CURLOPT_SSLKEYTYPE, "PEM")
        if let passphrase { setup.string(CURLOPT_KEYPASSWD, passphrase) }
    case .pkcs12(let bundle, let passphrase):
        setup.blob(CURLOPT_SSLCERT_BLOB, bundle)
        setup.string(CURLOPT_SSLCERTTYPE, "P12")
        setup.string(CURLOPT_KEYPASSWD, passphrase ?? "")
    case nil:
        break
    }

    // Timeouts: the caller's limit for this hop (the per-request limit or, for a stream, the time
    // the deadline leaves), and a transfer that stalls below the low-speed limit stops too.
    setup.long(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(options.connectTimeout, timeLimit)))
    setup.long(CURLOPT_TIMEOUT_MS, milliseconds(timeLimit))
    if options.lowSpeedLimit > 0, options.lowSpeedTime > 0 {
        setup.long(CURLOPT_LOW_SPEED_LIMIT, options.lowSpeedLimit)
        setup.long(CURLOPT_LOW_SPEED_TIME, options.lowSpeedTime)
    }

    // Callbacks; `state` outlives curl_easy_perform, which is the only time they run.
    let userdata = Unmanaged.passUnretained(state).toOpaque()
    setup.check(hub_curl_setopt_write_callback(handle, writeCallback))
    setup.pointer(CURLOPT_WRITEDATA, userdata)
    setup.check(hub_curl_setopt_header_callback(handle, headerCallback))
    setup.pointer(CURLOPT_HEADERDATA, userdata)
    if state.progress != nil {
        setup.check(hub_curl_setopt_xferinfo_callback(handle, progressCallback))
        setup.pointer(CURLOPT_XFERINFODATA, userdata)
        setup.long(CURLOPT_NOPROGRESS, 0)
    }

    if let failed = setup.failure {
        // An option libcurl refused is a bug (or a libcurl built without a feature we rely on).
        throw HubError.internalError("libcurl refused an option: \(String(cString: curl_easy_strerror(failed))).")
    }

    // `perform` runs it on a batch's shared multi handle (CurlMulti.swift), else on this thread.
    let code = withExtendedLifetime(state) { perform?(handle) ?? curl_easy_perform(handle) }

    var effective: UnsafePointer<CChar>?
    _ = hub_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
    let effectiveURL = effective.map { String(cString: $0) } ?? request.url

    if code == CURLE_OK, !state.headersComplete {
        // libcurl accepts a connection closed in the middle of the headers as a complete answer;
        // it is not one: the same as a connection lost while receiving.
        return .failure(TransferFailure(code: CURLE_RECV_ERROR, detail: "the connection closed before the end of the answer's headers",
                                        requestSent: true, deliveredToSink: state.delivered, tooLarge: false,
                                        sinkError: nil, redirectCount: 0))
    }
    if code == CURLE_OK {
        var status = 0
        _ = hub_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let response = HTTPResponse(status: status != 0 ? status : state.status, headers: state.headers,
                                    body: state.body, effectiveURL: effectiveURL)
        return .response(response, bytes: state.body.count + state.delivered)
    }

    var requestSize = 0
    _ = hub_curl_getinfo_long(handle, CURLINFO_REQUEST_SIZE, &requestSize)
    var redirects = 0
    _ = hub_curl_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &redirects)
    let buffered = String(cString: errorBuffer)
    let detail = buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
    return .failure(TransferFailure(code: code, detail: detail, requestSent: requestSize > 0,
                                    deliveredToSink: state.delivered, tooLarge: state.tooLarge,
                                    sinkError: state.sinkError ?? state.readerError, redirectCount: redirects,
                                    oversizedHeader: code == CURLE_OUT_OF_MEMORY && !state.headersComplete))
}

/// The timers of the exchange `handle` ran last (microseconds from libcurl, here seconds); read
/// before the handle is reset for the next one. A timer libcurl cannot give reads 0.
func exchangeTimings(_ handle: UnsafeMutableRawPointer) -> HTTPTimings {
    func seconds(_ info: CURLINFO) -> Double {
        var value: curl_off_t = 0
        return hub_curl_getinfo_off(handle, info, &value) == CURLE_OK && value > 0 ? Double(value) / 1_000_000 : 0
    }
    return HTTPTimings(nameLookup: seconds(CURLINFO_NAMELOOKUP_TIME_T), connect: seconds(CURLINFO_CONNECT_TIME_T),
                       appConnect: seconds(CURLINFO_APPCONNECT_TIME_T), startTransfer: seconds(CURLINFO_STARTTRANSFER_TIME_T),
                       total: seconds(CURLINFO_TOTAL_TIME_T))
}

private func milliseconds(_ seconds: Double) -> Int {
    seconds <= 0 ? 0 : max(1, Int((seconds * 1000).rounded()))
}

/// Sets options through the typed shim and remembers the first one libcurl refused.
private struct OptionSetter {
    let handle: UnsafeMutableRawPointer
    var failure: CURLcode?

    init(handle: UnsafeMutableRawPointer) { self.handle = handle }

    mutating func check(_ code: CURLcode) {
        if code != CURLE_OK, failure == nil { failure = code }
    }
    mutating func long(_ option: CURLoption, _ value: Int) {
        check(hub_curl_setopt_long(handle, option, value))
    }
    mutating func off(_ option: CURLoption, _ value: curl_off_t) {
        check(hub_curl_setopt_off(handle, option, value))
    }
    /// libcurl copies string options, so the temporary C string may go away afterwards.
    mutating func string(_ option: CURLoption, _ value: String) {
        check(hub_curl_setopt_string(handle, option, value))
    }
    mutating func pointer(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) {
        check(hub_curl_setopt_pointer(handle, option, value))
    }
    mutating func slist(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) {
        check(hub_curl_setopt_slist(handle, option, value))
    }
    /// Blobs are copied by libcurl (CURL_BLOB_COPY), kept until the next reset.
    mutating func blob(_ option: CURLoption, _ value: Data) {
        let code = value.withUnsafeBytes { raw in hub_curl_setopt_blob(handle, option, raw.baseAddress, raw.count) }
        check(code)
    }
}

/// The `CURLOPT_NOPROXY` list: the user's own (`no_proxy`, else `NO_PROXY`, as libcurl reads them;
/// setting the option replaces them) plus loopback by name and address. libcurl 7.86 and later take
/// CIDR ranges here.
enum LoopbackProxyBypass {
    static let loopback = "localhost,127.0.0.0/8,::1"

    static let list: String = combined(user: getenv("no_proxy").map { String(cString: $0) } ?? getenv("NO_PROXY").map { String(cString: $0) })

    static func combined(user: String?) -> String {
        guard let user = user?.trimmingCharacters(in: .whitespaces), !user.isEmpty else { return loopback }
        // `*` already bypasses every proxy.
        return user == "*" ? user : user + "," + loopback
    }
}

extension SecretValues {
    /// The credential a request header carries (issue 48, item 16): an `Authorization` value's
    /// credentials (after the scheme; a value without a scheme whole) and an `X-API-Key`.
    static func register(credential header: HTTPHeader) {
        if header.name.caseInsensitiveCompare("Authorization") == .orderedSame {
            let parts = header.value.split(separator: " ", maxSplits: 1)
            register(parts.count == 2 ? String(parts[1]) : header.value)
        } else if header.name.caseInsensitiveCompare("X-API-Key") == .orderedSame {
            register(header.value)
        }
    }
}
