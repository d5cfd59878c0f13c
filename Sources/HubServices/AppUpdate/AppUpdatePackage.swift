// What App Update's deploy refuses before sending (64, docs/protocol.md §17.10): a file that is
// not a zip, a zip with an encrypted entry, a hybrid package whose folders are not the platforms'
// (`android/`, `ios/`, lower case, each with `config.xml` and `www/`: SAP's *Uploading and
// Deploying Apps*), an MDK package without an entry. The zip's central directory is read by the
// zip reader `bundle publish` uses (ZipEncryption); a directory is zipped as `bundle publish` zips
// it (DeterministicZip) and its planned names are checked the same way.

import Foundation
import HubBundles
import HubCore

public enum AppUpdateKind: String, Sendable, Equatable, CaseIterable {
    case hybrid, mdk
}

/// A checked package and what it holds.
public struct AppUpdatePackage: Sendable {
    public let kind: AppUpdateKind
    /// The content, read as it is sent (the type `bundle publish` streams).
    public let source: BundleSource
    /// A hybrid package's platform folders, in order; empty for MDK.
    public let platforms: [String]

    /// The platform folders of a hybrid package, as SAP names them ("android/www and/or ios/www in
    /// all lowercase").
    public static let hybridPlatforms = ["android", "ios"]

    public var length: Int64 { source.length }
    public var name: String { source.name }

    /// A file (or stdin's spool) checked as `kind`.
    public static func checked(_ input: InputFile, kind: AppUpdateKind) throws -> AppUpdatePackage {
        var names: [String] = [], declared = 0
        let encrypted = try ZipEncryption.isEncrypted(size: input.size, read: { try input.read(at: $0, count: $1) }) { name, _, count in
            names.append(String(decoding: name, as: UTF8.self))
            declared = count
        }
        switch encrypted {
        case nil:
            throw HubError.usage("\(input.name) is not a zip; App Update takes \(kind == .mdk ? "an MDK bundle" : "a hybrid app package") as a .zip file. Nothing was sent.", code: .corruptArchive)
        case true?:
            throw HubError.usage("\(input.name) is a password-protected zip (an entry is encrypted), which hubctl does not send: Mobile Services reads the package's files. Nothing was sent.", code: .invalidData)
        case false?:
            guard !names.isEmpty, names.count == declared else {
                throw HubError.usage("\(input.name)'s zip directory cannot be read (hubctl reads zips without ZIP64, under 4 GiB and 65,535 entries) or lists no entry. Nothing was sent.", code: .corruptArchive)
            }
        }
        let platforms = try check(names, kind: kind, in: input.name)
        return AppUpdatePackage(kind: kind, source: .file(input), platforms: platforms)
    }

    /// A directory, zipped as it is sent, checked as `kind` by the names the zip will hold.
    public static func checked(directory zip: DeterministicZip, path: String, kind: AppUpdateKind) throws -> AppUpdatePackage {
        let platforms = try check(zip.entries.map(\.name), kind: kind, in: path)
        return AppUpdatePackage(kind: kind, source: .directory(zip, path: path), platforms: platforms)
    }

    /// The platform folders of a hybrid package's `names` (64 for anything else at its top, or a
    /// platform folder without `config.xml` or `www/`); MDK packages only need an entry (no SAP
    /// source found states what an MDK bundle must hold).
    static func check(_ names: [String], kind: AppUpdateKind, in package: String) throws -> [String] {
        guard kind == .hybrid else {
            guard !names.isEmpty else { throw HubError.usage("\(package) holds no file. Nothing was sent.") }
            return []
        }
        var found: [String: (config: Bool, www: Bool)] = [:]
        for name in names {
            let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let top = String(parts[0]), rest = parts.count > 1 ? String(parts[1]) : nil
            guard hybridPlatforms.contains(top), let rest else {
                let lower = top.lowercased()
                let hint = hybridPlatforms.contains(lower) && rest != nil
                    ? " (platform folders are lower case: \(lower)/)"
                    : rest == nil ? " (a hybrid package holds only platform folders, no file at its top)" : ""
                throw HubError.usage("\(package) holds \(HubError.quoted(rest == nil ? top : top + "/")), which is no platform folder of a hybrid package\(hint): App Update takes \(hybridPlatforms.map { $0 + "/" }.joined(separator: " and/or ")), each with config.xml and www/. Nothing was sent.")
            }
            var state = found[top] ?? (false, false)
            if rest == "config.xml" { state.config = true }
            if rest.hasPrefix("www/") { state.www = true }
            found[top] = state
        }
        let platforms = hybridPlatforms.filter { found[$0] != nil }
        guard !platforms.isEmpty else { throw HubError.usage("\(package) holds no platform folder (android/ or ios/). Nothing was sent.") }
        for platform in platforms {
            let state = found[platform]!
            let missing = [state.config ? nil : "config.xml", state.www ? nil : "www/"].compactMap { $0 }
            guard missing.isEmpty else {
                throw HubError.usage("\(package)'s \(platform)/ lacks \(missing.joined(separator: " and ")): a hybrid package's platform folder holds the app's config.xml and www/. Nothing was sent.")
            }
        }
        return platforms
    }

    /// Platform names given by the user (`--app-platform`), each known and once: 64 otherwise.
    /// `known`: the platforms of the application's details, or of the package.
    public static func checkPlatforms(_ given: [String], known: [String]) throws {
        var seen = Set<String>()
        for platform in given {
            guard known.contains(platform) else {
                throw HubError.usage("--app-platform \(HubError.quoted(platform)) is not a platform here (\(known.isEmpty ? "none known" : known.joined(separator: ", "))). Nothing was sent.")
            }
            guard seen.insert(platform).inserted else { throw HubError.usage("--app-platform \(platform) is given twice. Nothing was sent.") }
        }
    }
}
