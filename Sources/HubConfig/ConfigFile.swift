// Reads config.yaml: profiles as top-level keys, each a flat map of settings.

import Foundation
import HubCore
import Yams

public struct ConfigFile: Sendable {
    /// Profile name → setting name (as written in the file, e.g. `app-id`) → value as text.
    public var profiles: [String: [String: String]]
    public var path: String
    /// The profile `hubctl config use` chose: used when neither --profile nor HUBCTL_PROFILE is given.
    public var defaultProfile: String?

    /// The one top-level key that is not a profile: `default-profile: NAME`.
    public static let defaultProfileKey = "default-profile"

    /// The keys a profile may set: the settings table's profile keys (never `home` or a secret).
    public static let knownKeys = Set(GlobalSetting.profileKeys)

    /// Far more than any real configuration file; the file is parsed whole.
    static let maximumSize = 1 << 20

    /// Loads the file; a missing file is an empty configuration, a malformed one is exit 78.
    public static func load(path: String) throws -> ConfigFile {
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.read(path: path, limit: maximumSize)
        } catch .missing {
            return ConfigFile(profiles: [:], path: path)
        } catch .tooLarge {
            throw HubError.config("The configuration file \(path) is larger than 1 MiB; a config.yaml is a few profiles of settings. Point HUBCTL_CONFIG at the right file.", code: .configInvalid)
        } catch {
            throw HubError.config("Cannot read the configuration file \(path). Check its permissions.", code: .configUnreadable)
        }
        let text = String(decoding: data, as: UTF8.self)
        let node: Any?
        do {
            node = try Yams.load(yaml: text)
        } catch {
            throw HubError.config("The configuration file \(path) is not valid YAML: \(error). Fix it or point HUBCTL_CONFIG elsewhere.", code: .configInvalid)
        }
        guard let node else { return ConfigFile(profiles: [:], path: path) }
        guard let top = node as? [String: Any] else {
            throw HubError.config("The configuration file \(path) must map profile names to settings (e.g. `default:` then `server: https://…`).", code: .configInvalid)
        }
        var profiles: [String: [String: String]] = [:]
        var defaultProfile: String?
        for (name, value) in top {
            if name == defaultProfileKey {
                guard let chosen = value as? String, !chosen.isEmpty else {
                    throw HubError.config("`\(defaultProfileKey):` in \(path) must name a profile (set it with `hubctl config use NAME`).", code: .configInvalid)
                }
                defaultProfile = chosen
                continue
            }
            guard let settings = value as? [String: Any] else {
                throw HubError.config("Profile '\(name)' in \(path) must be a map of settings such as `server:` and `app-id:`.", code: .configInvalid)
            }
            var flat: [String: String] = [:]
            for (key, v) in settings {
                guard knownKeys.contains(key) else {
                    throw HubError.config("Unknown setting '\(key)' in profile '\(name)' of \(path). Known settings: \(knownKeys.sorted().joined(separator: ", ")).", code: .configInvalid)
                }
                switch v {
                case let s as String: flat[key] = s
                case let b as Bool: flat[key] = b ? "true" : "false"
                case let i as Int: flat[key] = String(i)
                case let d as Double: flat[key] = String(d)
                default:
                    throw HubError.config("Setting '\(key)' in profile '\(name)' of \(path) must be a plain value.", code: .configInvalid)
                }
            }
            profiles[name] = flat
        }
        return ConfigFile(profiles: profiles, path: path, defaultProfile: defaultProfile)
    }
}
