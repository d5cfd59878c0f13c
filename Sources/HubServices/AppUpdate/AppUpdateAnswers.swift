// What the App Update API answers (docs/protocol.md §17.10; shapes in Tests/Fixtures/sap/app-update):
// the details (one object per platform with its current, staged and pending versions), the
// deploy's `{newVersion, currentVersion}`, promote's list or message. Read tolerantly (unknown
// members ignored, missing ones allowed) but every platform and revision is checked where it is
// read, as issue 48 checks the Admin API's other answers: a platform name that could not be one
// segment of an address, a revision that is not a whole number, more platforms or versions than
// any application has, are 65 and nothing is sent with them.

import Foundation
import HubCore
import HubTransport

/// One version of an application on one platform.
public struct AppUpdateVersion: Sendable, Equatable {
    /// Its revision; `-1` for a version that is pending (DEPLOY's new version).
    public var revision: Int
    /// When it was uploaded or last changed (KCLI hands it to `new Date(…)`: milliseconds, or a date).
    public var lastModified: Date?
    public var requiredKapselVersion: String?
    public var developmentVersion: String?
    public var description: String?

    public init(revision: Int, lastModified: Date? = nil, requiredKapselVersion: String? = nil,
                developmentVersion: String? = nil, description: String? = nil) {
        self.revision = revision
        self.lastModified = lastModified
        self.requiredKapselVersion = requiredKapselVersion
        self.developmentVersion = developmentVersion
        self.description = description
    }
}

/// One platform of the details: what devices get (current), what testers get (staged), what waits.
public struct AppUpdatePlatformState: Sendable, Equatable {
    public var platform: String
    public var current: AppUpdateVersion?
    public var staged: AppUpdateVersion?
    public var pending: [AppUpdateVersion]

    public init(platform: String, current: AppUpdateVersion? = nil, staged: AppUpdateVersion? = nil, pending: [AppUpdateVersion] = []) {
        self.platform = platform
        self.current = current
        self.staged = staged
        self.pending = pending
    }
}

/// What a deploy answered.
public struct AppUpdateDeployResult: Sendable, Equatable {
    /// DEPLOY's answer; nil when the answer had no such member.
    public var newVersion: AppUpdateVersion?
    public var currentVersion: AppUpdateVersion?
    /// When the answer was a list of platforms (the details' shape) instead: those platforms.
    public var platforms: [AppUpdatePlatformState]
    /// The package's bytes as sent and their SHA-256 (hex).
    public var bytes: Int64
    public var sha256: String
}

/// What a promote answered: the platforms and their new current revisions, or a message (KCLI
/// prints it instead and treats the promote as neither done nor failed).
public struct AppUpdatePromoteResult: Sendable, Equatable {
    public var current: [(platform: String, revision: Int)]
    public var message: String?

    public static func == (a: Self, b: Self) -> Bool {
        a.message == b.message && a.current.map(\.platform) == b.current.map(\.platform) && a.current.map(\.revision) == b.current.map(\.revision)
    }
}

/// Reading the answers.
enum AppUpdateAnswer {
    static let source = "The App Update API"
    /// More than any application has: the platforms are a handful, the pending versions of one
    /// platform what CI runs left (an answer of the transport's 4 MiB holds fewer than 100,000).
    static let maximumPlatforms = 64
    static let maximumVersions = 10_000

    /// A platform name, as it goes into a path (`…/KapselApp/<id>/<platform>`) and a body: the
    /// server-id rule (1 to 128 letters, digits, `.`, `_`, `-`, not `.` or `..`).
    static func platform(_ value: JSONValue?, _ what: String) throws -> String {
        guard let name = value?.stringValue else {
            throw HubError.data("\(source) sent \(what) without a platform name (or not as text).", code: .malformedResponse)
        }
        return try AppAdminRules.serverId(name, "the platform name", from: source)
    }

    /// A revision: a whole number from -1 (pending) up.
    static func revision(_ value: JSONValue?, _ what: String) throws -> Int {
        guard case .int(let n)? = value, n >= -1, n <= Int64(Int32.max) else {
            throw HubError.data("\(source) sent \(what) with a revision that is not a whole number of -1 or more (\(value.map { HubError.quoted($0.description) } ?? "none")).", code: .malformedResponse)
        }
        return Int(n)
    }

    static func version(_ value: JSONValue, _ what: String) throws -> AppUpdateVersion {
        guard case .object = value else { throw HubError.data("\(source) sent \(what) that is not an object.", code: .malformedResponse) }
        let modified: Date? = switch value["lastModified"] {
        case .int(let ms)?: Date(timeIntervalSince1970: Double(ms) / 1000)
        case .double(let ms)?: Date(timeIntervalSince1970: ms / 1000)
        case .string(let text)?: ISO8601.date(from: text)
        default: nil
        }
        return AppUpdateVersion(revision: try revision(value["revision"], what), lastModified: modified,
                                requiredKapselVersion: value["requiredKapselVersion"]?.stringValue,
                                developmentVersion: value["developmentVersion"]?.stringValue,
                                description: value["description"]?.stringValue)
    }

    static func optionalVersion(_ value: JSONValue?, _ what: String) throws -> AppUpdateVersion? {
        guard let value, value != .null else { return nil }
        return try version(value, what)
    }

    /// The details: a list of platforms (KCLI `status`); a platform named twice is 65.
    static func details(_ value: JSONValue) throws -> [AppUpdatePlatformState] {
        guard case .array(let items) = value else {
            throw HubError.data("\(source)'s details of an application are not a list of platforms.", code: .malformedResponse)
        }
        guard items.count <= maximumPlatforms else {
            throw HubError.data("\(source) sent \(items.count) platforms; hubctl reads at most \(maximumPlatforms).", code: .malformedResponse)
        }
        var seen = Set<String>(), versions = 0
        return try items.map { item in
            let name = try platform(item["platform"], "a platform")
            guard seen.insert(name).inserted else {
                throw HubError.data("\(source) sent platform \(HubError.quoted(name)) twice.", code: .malformedResponse)
            }
            let what = "a version of \(name)"
            var pending: [AppUpdateVersion] = []
            switch item["pendingVersions"] {
            case nil, .null?: break
            case .array(let list)?:
                versions += list.count
                guard versions <= maximumVersions else {
                    throw HubError.data("\(source) sent more than \(maximumVersions) versions; hubctl reads no more.", code: .malformedResponse)
                }
                pending = try list.map { try version($0, "a pending " + what) }
            default:
                throw HubError.data("\(source) sent the pending versions of \(name) not as a list.", code: .malformedResponse)
            }
            return AppUpdatePlatformState(platform: name, current: try optionalVersion(item["currentVersion"], "the current " + what),
                                          staged: try optionalVersion(item["stagedVersion"], "the staged " + what), pending: pending)
        }
    }

    /// Promote's answer: a list of `{platform, currentVersion: {revision}}`, or `{message}`.
    static func promoted(_ value: JSONValue) throws -> AppUpdatePromoteResult {
        if case .object = value {
            guard let message = value["message"]?.stringValue else {
                throw HubError.data("\(source)'s answer to a promote is neither a list of platforms nor a message.", code: .malformedResponse)
            }
            return AppUpdatePromoteResult(current: [], message: message)
        }
        guard case .array(let items) = value, items.count <= maximumPlatforms else {
            throw HubError.data("\(source)'s answer to a promote is not a list of at most \(maximumPlatforms) platforms.", code: .malformedResponse)
        }
        var current: [(platform: String, revision: Int)] = []
        for item in items {
            // KCLI prints the platforms that have both members and skips the others (528-540).
            guard item["platform"] != nil, let version = item["currentVersion"], version != .null else { continue }
            let name = try platform(item["platform"], "a promoted platform")
            current.append((name, try self.version(version, "the current version of \(name)").revision))
        }
        return AppUpdatePromoteResult(current: current, message: nil)
    }

    /// The deploy's answer: DEPLOY's object, or a list of platforms (read as the details); an
    /// empty body is allowed (KCLI reads the status only).
    static func deployed(_ body: Data) throws -> (new: AppUpdateVersion?, current: AppUpdateVersion?, platforms: [AppUpdatePlatformState]) {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return (nil, nil, []) }
        guard let value = try? JSONValue.read(body) else {
            throw HubError.data("\(source) answered the upload with a body that is not JSON.", code: .malformedResponse)
        }
        if case .array = value { return (nil, nil, try details(value)) }
        guard case .object = value else {
            throw HubError.data("\(source)'s answer to the upload is neither an object nor a list of platforms.", code: .malformedResponse)
        }
        return (try optionalVersion(value["newVersion"], "the new version"), try optionalVersion(value["currentVersion"], "the current version"), [])
    }
}
