// What the `app` commands refuse before sending anything (64, docs/protocol.md §17 item 5), and
// the small parsers they share: durations, glob patterns, labels.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#endif

public enum AppAdminRules {
    /// SAP's reserved application ids, case-sensitive (SMP 3.0 SP07 "Defining Applications"; the
    /// SAP BTP SDK Assistant's "Cloud Configuration" page lists the same, `lcm` included).
    public static let reservedIds: Set<String> = [
        "Admin", "AdminData", "Push", "smp_cloud", "resource", "test-resources", "resources", "Scheduler",
        "odata", "applications", "Connections", "public", "lcm",
    ]
    /// The push scopes of a push feature key.
    public static let pushScopes = ["push_single", "push_multiple", "push_all", "pushregistrations_read"]
    public static let maximumIdLength = 64

    /// An application id Mobile Services can take. The rule: "must start with an alphabetic
    /// character; can contain only alphanumeric characters, underscores, and periods; up to 64
    /// characters; cannot begin with a period, and cannot contain two consecutive periods; cannot
    /// be any of these case-sensitive keywords …" (SAP BTP SDK for iOS Assistant, user guide,
    /// "The Cloud Configuration Page": help.sap.com/doc/c2d571df73104f72b9f1b73e06c5609a/Latest/en-US/docs/user-guide/getting-started/cloud_config.html;
    /// the same in SMP 3.0's "Defining Applications"). `-` is accepted besides: SAP's test
    /// broker's ids are `test-` and 32 letters, and Mobile Services takes them.
    public static func checkAppId(_ id: String) throws {
        func refuse(_ why: String) -> HubError {
            HubError.usage("\(HubError.quoted(id)) cannot be a Mobile Services application id: \(why). Nothing was sent.", code: .invalidAppId)
        }
        guard !id.isEmpty else { throw refuse("it is empty") }
        guard id.count <= maximumIdLength else { throw refuse("it has more than \(maximumIdLength) characters") }
        guard !reservedIds.contains(id) else { throw refuse("SAP reserves it (the reserved ids are case-sensitive: \(reservedIds.sorted().joined(separator: ", ")))") }
        guard !id.contains("..") else { throw refuse("it has two consecutive periods (..)") }
        guard let first = id.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { throw refuse("it does not start with a letter") }
        guard id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }) else {
            throw refuse("only letters, digits, . _ and - are allowed")
        }
    }

    /// Feature names as the Admin API's path and the instance's parameters take them: lower-case
    /// letters, digits and `-` (`push`, `storage`, `proxy`, `client-resources`), each once.
    public static func checkFeatures(_ features: [String]) throws {
        var seen = Set<String>()
        for feature in features {
            guard FeatureChoice.isName(feature) else {
                throw HubError.usage("--feature \(HubError.quoted(feature)) is not a feature name (lower-case letters, digits and -, such as push or storage). Nothing was sent.")
            }
            guard seen.insert(feature).inserted else {
                throw HubError.usage("--feature \(feature) is given twice. Nothing was sent.")
            }
        }
    }

    /// A push key's scopes: the four push scopes, each once.
    public static func checkScopes(_ scopes: [String], feature: String) throws {
        guard Set(scopes).count == scopes.count else { throw HubError.usage("A --scope is given twice. Nothing was sent.") }
        guard feature == "push" else { return }
        for scope in scopes where !pushScopes.contains(scope) {
            throw HubError.usage("--scope \(HubError.quoted(scope)) is not a push scope (\(pushScopes.joined(separator: ", "))). Nothing was sent.")
        }
    }

    /// An X.509 key's size and validity: at least 2048 bits; a validity in days (`7d`) or months
    /// (`3mo`), the two types SAP's code sends (`DAYS`, JI; `MONTHS`, XSUAA's syntax).
    public static func x509(keyLength: Int, validity: String) throws -> FeatureKeyRequest.X509 {
        guard keyLength >= 2048, keyLength <= 16384 else {
            throw HubError.usage("--key-length \(keyLength): an X.509 key has at least 2048 bits (and at most 16384). Nothing was sent.")
        }
        let text = validity.lowercased()
        let digits = text.prefix(while: \.isNumber)
        let unit = text.dropFirst(digits.count)
        guard let n = Int(digits), n > 0, n <= 3650 else {
            throw HubError.usage("--validity \(HubError.quoted(validity)) is not a validity: give days (7d) or months (3mo), more than 0. Nothing was sent.")
        }
        switch unit {
        case "d", "day", "days": return .init(keyLength: keyLength, validity: n, validityType: .days)
        case "mo", "month", "months": return .init(keyLength: keyLength, validity: n, validityType: .months)
        default:
            throw HubError.usage("--validity \(HubError.quoted(validity)): X.509 keys are valid for days (7d) or months (3mo) only (DAYS or MONTHS). Nothing was sent.")
        }
    }

    /// `90s`, `60m`, `12h`, `7d` (or plain seconds) in seconds; 64 for anything else or ≤ 0.
    public static func duration(_ text: String, flag: String) throws -> Double {
        let digits = text.prefix(while: \.isNumber)
        let unit = text.dropFirst(digits.count)
        let factor: Double? = switch unit {
        case "", "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86400
        default: nil
        }
        guard let factor, let n = Double(digits), digits.count <= 9 else {
            throw HubError.usage("\(flag) \(HubError.quoted(text)) is not a duration: give a number with s, m, h or d (60m, 12h, 7d). Nothing was sent.")
        }
        guard n > 0 else { throw HubError.usage("\(flag) must be more than 0; got \(HubError.quoted(text)). Nothing was sent.") }
        return n * factor
    }

    /// A `--match` pattern (glob: `*`, `?`, `[…]`, a backslash taking the next character as it
    /// is): it must begin with at least one literal character before its first wildcard, so that
    /// no pattern selects every application, not even a bracket expression (`[[:alpha:]]*`,
    /// `[!-]*`) or one that starts with a wildcard (`*[a-z]*`). 64 otherwise.
    public static func checkPattern(_ pattern: String) throws {
        guard !pattern.isEmpty else { throw HubError.usage("--match is empty. Nothing was sent.") }
        var literal = 0
        var characters = pattern.makeIterator()
        scan: while let c = characters.next() {
            switch c {
            case "*", "?", "[": break scan
            case "\\":
                guard characters.next() != nil else {
                    throw HubError.usage("--match \(HubError.quoted(pattern)) ends in a lone backslash. Nothing was sent.")
                }
                literal += 1
            default: literal += 1
            }
        }
        guard literal > 0 else {
            throw HubError.usage("--match \(HubError.quoted(pattern)) has no literal prefix: it must begin with at least one character that is not a wildcard (* ? [), such as 'ci-*', so that it cannot match every application. Nothing was sent.")
        }
    }

    /// A GUID or job id a server sent, checked where it is read, before it goes into an address:
    /// 1 to 128 ASCII letters, digits, `.`, `_`, `-`, and not `.` or `..` (docs/security.md
    /// "Names in paths"); 65 otherwise.
    @discardableResult
    public static func serverId(_ id: String, _ what: String, from server: String) throws -> String {
        guard (1...128).contains(id.utf8.count), !SafeName.isDotSegment(id), id.unicodeScalars.allSatisfy({
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }) else {
            throw HubError.data("\(server) sent \(what) \(HubError.quoted(id)), which cannot be one segment of an address (letters, digits, . _ -, not . or ..); hubctl sends no request with it.", code: .malformedResponse)
        }
        return id
    }

    /// A name a server sent (an instance's name, an application's id), checked where it is read,
    /// before it goes into an address or a query: 1 to 255 bytes, no control character, not `.`
    /// or `..`; 65 otherwise.
    @discardableResult
    public static func serverName(_ name: String, _ what: String, from server: String) throws -> String {
        guard (1...255).contains(name.utf8.count), !SafeName.isDotSegment(name),
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HubError.data("\(server) sent \(what) \(HubError.quoted(name)), which cannot be one segment of an address (1 to 255 bytes without control characters, not . or ..); hubctl sends no request with it.", code: .malformedResponse)
        }
        return name
    }

    /// Whether `name` matches the glob `pattern` (fnmatch(3), no flags).
    public static func matches(_ name: String, _ pattern: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }

    /// The owner label the `app` commands put on what they create (and prune by).
    public static let ownerLabel = (key: "managed-by", value: "hubctl")

    /// `K=V` labels, checked as CF takes them (a name of at most 63 characters of letters, digits,
    /// `-`, `_`, `.`, with an optional DNS prefix; a value of at most 63 of the same); the owner
    /// label is hubctl's.
    public static func labels(_ pairs: [String]) throws -> [String: String] {
        var labels: [String: String] = [:]
        func ok(_ s: Substring, empty: Bool) -> Bool {
            (empty || !s.isEmpty) && s.count <= 63 && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        }
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "=") else { throw HubError.usage("--label \(HubError.quoted(pair)) is not KEY=VALUE. Nothing was sent.") }
            let key = pair[..<eq], value = pair[pair.index(after: eq)...]
            let name = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).last ?? key
            let prefix = key.count > name.count ? key.dropLast(name.count + 1) : ""
            guard ok(name, empty: false), prefix.count <= 253, ok(value, empty: true) else {
                throw HubError.usage("--label \(HubError.quoted(pair)) is not a Cloud Foundry label (a key and a value of at most 63 letters, digits, - _ .). Nothing was sent.")
            }
            guard String(key) != ownerLabel.key else { throw HubError.usage("--label \(ownerLabel.key) is hubctl's own label (\(ownerLabel.key)=\(ownerLabel.value)). Nothing was sent.") }
            guard labels.updateValue(String(value), forKey: String(key)) == nil else { throw HubError.usage("--label \(key) is given twice. Nothing was sent.") }
        }
        return labels
    }
}
