// What the `hubctl config` verbs share. Profiles in config.yaml without a text editor, as
// `kubectl config` and `aws configure` do. Keys are the settings table's profile keys; secrets are
// refused (they belong in the vault); every change is written atomically (HubConfig/ConfigEditor).

import ArgumentParser
import Foundation
import HubConfig
import HubCore

/// An existing profile, or exit 78 naming the known ones.
func requireProfile(_ profile: String, in file: ConfigFile) throws {
    guard file.profiles[profile] == nil else { return }
    let known = file.profiles.keys.sorted()
    throw HubError.config("Unknown profile '\(profile)' in \(file.path)" +
        (known.isEmpty ? " (the file has no profiles)." : "; known profiles: \(known.joined(separator: ", ")).") +
        " Create it with `hubctl config set KEY VALUE --profile \(profile)`.", code: .unknownProfile)
}

/// A `config` verb that acts on one profile setting (`config get`, `config unset`): its work on
/// the setting its key names.
protocol ConfigKeyVerb {
    static func run(_ target: ConfigTarget, _ invocation: Invocation) throws
}

/// The plain options of such a verb (the key), and its body: the key made the verb's target.
struct ConfigKeyOptions<Verb: ConfigKeyVerb>: CommandOptions {
    var key: String

    func run(_ invocation: Invocation) throws {
        try Verb.run(try ConfigTarget(key: key, invocation), invocation)
    }
}

/// What `config get` and `config unset` act on: the profile setting KEY names, in the
/// configuration file and the profile in force (which must exist).
struct ConfigTarget {
    let setting: GlobalSetting
    let path: String
    let file: ConfigFile
    let profile: String

    init(key: String, _ invocation: Invocation) throws {
        setting = try ConfigEditor.profileSetting(key)
        path = invocation.configPath
        file = try ConfigFile.load(path: path)
        profile = invocation.configProfile(in: file)
        try requireProfile(profile, in: file)
    }
}

/// One key of one profile.
struct ConfigValueOutput: JSONDocument {
    var path: String
    var profile: String
    var key: String
    var value: String?

    /// `value` is always present, null once removed.
    var json: JSONValue {
        .object(["path": .string(path), "profile": .string(profile), "key": .string(key), "value": JSONValue(value)])
    }
}

/// What `hubctl config list` and `config use` print.
struct ConfigListOutput: JSONDocument {
    var path: String
    var exists: Bool
    /// The profile `config use` chose (null when none was chosen).
    var defaultProfile: String?
    /// The profile a command run now would use.
    var current: String
    var profiles: [String: [String: String]]

    var json: JSONValue {
        .object(["path": .string(path), "exists": .bool(exists), "defaultProfile": JSONValue(defaultProfile),
                 "current": .string(current), "profiles": .object(profiles.mapValues { .object($0.mapValues(JSONValue.string)) })])
    }
}
