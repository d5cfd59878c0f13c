// Injected faults for tests: failing statuses, delays, garbage bodies and bodies cut short.

import Foundation
import Hummingbird
import Synchronization

/// One `POST /_emulator/faults` body. The kinds may be combined: a delay, then at most one outcome.
public struct FaultRule: Sendable, Decodable, Encodable {
    public var status: Int?
    public var retryAfter: Int?
    public var delay: Double?
    public var truncate: Bool?
    /// The server reads part of the request's body (half of its Content-Length, at most 1 MiB),
    /// then closes the connection without an answer: an upload cut off mid-way.
    public var cutUpload: Bool?
    public var garbage: String?
    /// The Content-Type of a garbage answer (default application/json): a login page is text/html.
    public var contentType: String?
    /// A garbage answer carries `com.sap.cloud.security.login: login-request`: the login page of an
    /// approuter whose session is gone, as SAP's MDK CLI recognises it (`@sap/mdk-tools`
    /// `lib/deployer/deploy-ms.js` 914-928) whatever the Content-Type.
    public var loginRequest: Bool?
    /// How many protocol requests the rule applies to; -1 = until the faults are cleared.
    public var count: Int
    /// Only requests whose path contains this text are affected (nil: every request).
    public var path: String?

    public init(status: Int? = nil, retryAfter: Int? = nil, delay: Double? = nil, truncate: Bool? = nil,
                garbage: String? = nil, count: Int = 1) {
        self.status = status
        self.retryAfter = retryAfter
        self.delay = delay
        self.truncate = truncate
        self.garbage = garbage
        self.count = count
    }

    enum CodingKeys: String, CodingKey { case status, retryAfter, delay, truncate, cutUpload, garbage, contentType, loginRequest, count, path }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.decodeIfPresent(Int.self, forKey: .status)
        // Retry-After is whole seconds on the wire; accept 1.0 as well as 1.
        retryAfter = try c.decodeIfPresent(Double.self, forKey: .retryAfter).map { Int($0.rounded(.up)) }
        delay = try c.decodeIfPresent(Double.self, forKey: .delay)
        truncate = try c.decodeIfPresent(Bool.self, forKey: .truncate)
        cutUpload = try c.decodeIfPresent(Bool.self, forKey: .cutUpload)
        garbage = try c.decodeIfPresent(String.self, forKey: .garbage)
        contentType = try c.decodeIfPresent(String.self, forKey: .contentType)
        loginRequest = try c.decodeIfPresent(Bool.self, forKey: .loginRequest)
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 1
        path = try c.decodeIfPresent(String.self, forKey: .path)
    }

    func applies(to requestPath: String) -> Bool { path.map { requestPath.contains($0) } ?? true }

    /// What is wrong with the rule, nil when it is usable.
    var problem: String? {
        if let status, !(200...599).contains(status) { return "status must be an HTTP status from 200 to 599" }
        if let retryAfter, retryAfter < 0 { return "retryAfter must not be negative" }
        if let delay, !(0...600).contains(delay) { return "delay must be between 0 and 600 seconds" }
        if count == 0 || count < -1 { return "count must be positive, or -1 for until cleared" }
        if contentType != nil && garbage == nil { return "contentType goes with garbage" }
        if loginRequest != nil && garbage == nil { return "loginRequest goes with garbage" }
        if cutUpload == true && (status != nil || garbage != nil || truncate == true) { return "cutUpload goes alone (with a delay at most)" }
        if status == nil && garbage == nil && truncate != true && delay == nil && cutUpload != true {
            return "give at least one of status, delay, truncate, cutUpload or garbage"
        }
        return nil
    }

    /// A truncate rule waits for a response that has a body; the others apply to any request.
    var waitsForBody: Bool { status == nil && garbage == nil && truncate == true }
}

/// The queue of fault rules. Each protocol request uses at most one rule: the oldest active one whose
/// `path` filter matches it.
///
/// Order: rules are used in the order they were added. A status or garbage rule answers instead of the
/// server (the request is not processed). A delay-only rule delays the real answer. A truncate rule
/// applies to the next answer that has a body; while it is the oldest rule, requests whose answer has no
/// body pass unharmed and later rules wait behind it. A rule's `delay` is always applied first.
public final class FaultPlan: Sendable {
    private let rules = Mutex<[FaultRule]>([])

    public init() {}

    public func add(_ rule: FaultRule) {
        rules.withLock { $0.append(rule) }
    }

    public func clear() {
        rules.withLock { $0.removeAll() }
    }

    public var active: [FaultRule] {
        rules.withLock { $0 }
    }

    /// Takes one use of the oldest rule when it applies before the request is processed.
    /// Returns nil when there is none, or when the oldest waits for an answer with a body.
    func claimBeforeProcessing(path: String) -> FaultRule? {
        rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.applies(to: path) }), !rules[index].waitsForBody else { return nil }
            let rule = rules[index]
            Self.consume(&rules, at: index)
            return rule
        }
    }

    /// Takes one use of the oldest rule when it is a truncate rule (called for answers that have a body).
    func claimTruncate(path: String) -> FaultRule? {
        rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.applies(to: path) }), rules[index].waitsForBody else { return nil }
            let rule = rules[index]
            Self.consume(&rules, at: index)
            return rule
        }
    }

    private static func consume(_ rules: inout [FaultRule], at index: Int) {
        if rules[index].count == -1 { return }
        rules[index].count -= 1
        if rules[index].count == 0 { rules.remove(at: index) }
    }
}

/// Thrown after part of a body was written, so the server closes the connection mid-body.
struct BodyCutShort: Error {}

/// Passes bytes through until `limit`, then fails: the client sees fewer bytes than Content-Length.
struct TruncatingBodyWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    var remaining: Int

    mutating func write(_ buffer: ByteBuffer) async throws {
        if buffer.readableBytes <= remaining {
            remaining -= buffer.readableBytes
            try await parent.write(buffer)
            return
        }
        if remaining > 0, let head = buffer.getSlice(at: buffer.readerIndex, length: remaining) {
            try await parent.write(head)
        }
        remaining = 0
        throw BodyCutShort()
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        // Reaching the end means the body was shorter than its Content-Length promised anyway.
        throw BodyCutShort()
    }
}

extension Response {
    /// The same response whose body stops halfway; Content-Length still announces the whole body.
    func truncated() -> Response {
        let length = body.contentLength ?? 0
        let original = body
        var response = self
        response.body = ResponseBody(contentLength: length) { writer in
            try await original.write(TruncatingBodyWriter(parent: writer, remaining: length / 2))
        }
        return response
    }
}
