// Changes config.yaml for `hubctl config set|unset|use`: one key of one profile, or the default
// profile, written atomically; the other profiles, the order of keys and their values are kept.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#endif
import Yams

public enum ConfigEditor {
    /// The profile setting `key`, or why it cannot be one (exit 64): a secret, a setting that is
    /// not a profile's, or no setting at all (with the closest name).
    public static func profileSetting(_ key: String) throws -> GlobalSetting {
        if let setting = GlobalSetting.all.first(where: { $0.name == key }) {
            if setting.secret {
                let source = setting.environment.map { " Give it through \($0) (or stdin where the command reads it)," } ?? ""
                throw HubError(.usage, code: .secretInConfig,
                               "'\(key)' is a secret and is never written to the configuration file.\(source) or keep it in the encrypted vault (`hubctl register` on a terminal offers to; `hubctl vault set`).")
            }
            if setting.inProfile { return setting }
            let how = [setting.flagName, setting.environment].compactMap { $0 }.joined(separator: " or ")
            throw HubError(.usage, code: .unknownConfigKey,
                           "'\(key)' is not a profile setting: give it with \(how). Profile settings: \(GlobalSetting.profileKeys.joined(separator: ", ")).")
        }
        let suggestion = Suggestion.closest(to: key, in: GlobalSetting.profileKeys)
        var error = HubError(.usage, code: .unknownConfigKey,
                             "Unknown setting \(HubError.quoted(key)).\(suggestion.map { " Did you mean '\($0)'?" } ?? "") Profile settings: \(GlobalSetting.profileKeys.joined(separator: ", ")).")
        error.hint = suggestion.map { "Did you mean '\($0)'? `hubctl help environment` describes every setting." }
        throw error
    }

    /// Checks a value as the configuration layers will read it, so that a mistake shows now and
    /// not at the next command (the same messages and codes, exit 78 or 64).
    public static func validate(_ setting: GlobalSetting, value: String) throws {
        switch setting {
        case .server: _ = try ConfigResolver.normalizeServer(value)
        case .appId:
            guard SafeName.isApplicationId(value) else {
                throw HubError(.usage, code: .invalidAppId,
                               "The application id \(HubError.quoted(value)) cannot be used: give letters, digits, '.', '_' and '-' (at most 200), starting with a letter or digit, e.g. com.acme.field.")
            }
        case _ where setting.isServiceCredentialsURL: _ = try ConfigResolver.absoluteURL(value, of: setting, code: .configInvalid)
        case .apiVersion:
            guard ["latest", "v1", "v2", "v3", "v4"].contains(value) else {
                throw HubError.config("Unknown API version '\(value)'. Use latest, v1, v2, v3 or v4.", code: .invalidApiVersion)
            }
        case _ where setting.isTimeLimit: _ = try setting.seconds(value)
        case .userCreationPolicy:
            guard UserCreationPolicy(rawValue: value.lowercased()) != nil else {
                throw HubError.config("Invalid user creation policy '\(value)': use automatic, manual or certificate.", code: .invalidUserCreationPolicy)
            }
        case .anonymous, .shareCredentials:
            guard ConfigResolver.bool(value) != nil else {
                throw HubError.usage("'\(setting.name)' is true or false, not \(HubError.quoted(value)).")
            }
        default:
            guard !value.isEmpty else { throw HubError.usage("Give '\(setting.name)' a value, or remove it with `hubctl config unset \(setting.name)`.") }
        }
    }

    /// A profile name: letters, digits, '.', '_' and '-', not the reserved `default-profile`.
    public static func checkProfileName(_ name: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard !name.isEmpty, name.count <= 100, name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }),
              name != ConfigFile.defaultProfileKey else {
            throw HubError.usage("The profile name \(HubError.quoted(name)) cannot be used: give letters, digits, '.', '_' and '-' (not '\(ConfigFile.defaultProfileKey)').")
        }
    }

    /// Sets (or, with nil, removes) `key` in `profile`, creating the profile and the file as needed.
    public static func set(path: String, profile: String, key: String, value: String?) throws {
        try edit(path: path) { top in
            var settings = top[profile]?.mapping ?? Node.Mapping([])
            settings[key] = value.map(scalar)
            top[profile] = .mapping(settings)
        }
    }

    /// Sets (or, with nil, removes) several keys of `profile` in one replacement of the file.
    public static func set(path: String, profile: String, values: [(String, String?)]) throws {
        try edit(path: path) { top in
            var settings = top[profile]?.mapping ?? Node.Mapping([])
            for (key, value) in values { settings[key] = value.map(scalar) }
            top[profile] = .mapping(settings)
        }
    }

    /// Records the profile used when neither --profile nor HUBCTL_PROFILE is given.
    public static func use(path: String, profile: String) throws {
        try edit(path: path) { top in top[ConfigFile.defaultProfileKey] = scalar(profile) }
    }

    /// A value written so that it reads back as the same text: plain when YAML reads it as that
    /// string, quoted when it would read as something else (true, 30, a date, an empty value).
    static func scalar(_ value: String) -> Node {
        if let plain = try? Yams.load(yaml: value) as? String, plain == value, !value.contains("\n") {
            return Node(value)
        }
        return Node(value, Tag(.str), .singleQuoted)
    }

    /// Reads the file (refusing a damaged one: nothing is overwritten that hubctl cannot read),
    /// applies `change`, and replaces it atomically with its mode kept (0600 for a new file).
    static func edit(path: String, _ change: (inout Node.Mapping) throws -> Void) throws {
        _ = try ConfigFile.load(path: path)
        var text = ""
        var mode: mode_t = 0o600
        if FileManager.default.fileExists(atPath: path) {
            guard let data = try? BoundedFile.read(path: path, limit: ConfigFile.maximumSize) else {
                throw HubError.config("Cannot read the configuration file \(path). Check its permissions.", code: .configUnreadable)
            }
            text = String(decoding: data, as: UTF8.self)
            var info = stat()
            if stat(path, &info) == 0 { mode = info.st_mode & 0o777 }
        }
        var top = (try Yams.compose(yaml: text))?.mapping ?? Node.Mapping([])
        try change(&top)
        let yaml: String
        do {
            yaml = try Yams.serialize(node: .mapping(top))
        } catch {
            throw HubError.internalError("Cannot write the configuration as YAML: \(error).")
        }
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try AtomicFile.ensurePrivateDirectory(dir) }
        try AtomicFile.write(Data(yaml.utf8), to: path, mode: mode)
        // The result must load as written: a file hubctl cannot read again is a bug, not a save.
        _ = try ConfigFile.load(path: path)
    }
}
