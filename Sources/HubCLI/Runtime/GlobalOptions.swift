// The global options every command takes through @OptionGroup. Names, help and value names come
// from the settings table (HubConfig/GlobalSetting.swift); a test checks both list the same flags.

import ArgumentParser
import HubConfig

extension GlobalSetting {
    /// The help of the `--<name>` option.
    var argumentHelp: ArgumentHelp {
        if case .value(let valueName) = form { return ArgumentHelp(flagHelp, valueName: valueName) }
        return ArgumentHelp(flagHelp)
    }

    var optionName: NameSpecification { .customLong(name) }
}

public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: GlobalSetting.server.optionName, help: GlobalSetting.server.argumentHelp)
    public var server: String?

    @Option(name: GlobalSetting.plist.optionName, help: GlobalSetting.plist.argumentHelp, completion: .file())
    public var plist: String?

    @Option(name: GlobalSetting.appId.optionName, help: GlobalSetting.appId.argumentHelp)
    public var appId: String?

    @Option(name: GlobalSetting.profile.optionName, help: GlobalSetting.profile.argumentHelp, completion: DynamicCompletion.profiles)
    public var profile: String?

    @Option(name: GlobalSetting.user.optionName, help: GlobalSetting.user.argumentHelp)
    public var user: String?

    @Flag(name: GlobalSetting.passwordStdin.optionName, help: GlobalSetting.passwordStdin.argumentHelp)
    public var passwordStdin = false

    @Option(name: GlobalSetting.cert.optionName, help: GlobalSetting.cert.argumentHelp, completion: .file())
    public var cert: String?

    @Option(name: GlobalSetting.key.optionName, help: GlobalSetting.key.argumentHelp, completion: .file())
    public var key: String?

    @Option(name: GlobalSetting.pkcs12.optionName, help: GlobalSetting.pkcs12.argumentHelp, completion: .file())
    public var pkcs12: String?

    @Option(name: GlobalSetting.certProvider.optionName, help: GlobalSetting.certProvider.argumentHelp)
    public var certProvider: String?

    @Option(name: GlobalSetting.cacert.optionName, help: GlobalSetting.cacert.argumentHelp, completion: .file())
    public var cacert: String?

    @Flag(name: GlobalSetting.insecure.optionName, help: GlobalSetting.insecure.argumentHelp)
    public var insecure = false

    @Flag(name: GlobalSetting.allowHTTP.optionName, help: GlobalSetting.allowHTTP.argumentHelp)
    public var allowHTTP = false

    @Option(name: GlobalSetting.apiVersion.optionName, help: GlobalSetting.apiVersion.argumentHelp)
    public var apiVersion: String?

    @Option(name: GlobalSetting.home.optionName, help: GlobalSetting.home.argumentHelp, completion: .directory)
    public var home: String?

    @Option(name: GlobalSetting.timeout.optionName, help: GlobalSetting.timeout.argumentHelp)
    public var timeout: Double?

    @Option(name: GlobalSetting.deadline.optionName, help: GlobalSetting.deadline.argumentHelp)
    public var deadline: Double?

    @Flag(name: GlobalSetting.noInput.optionName, help: GlobalSetting.noInput.argumentHelp)
    public var noInput = false

    @Flag(name: GlobalSetting.anonymous.optionName, help: GlobalSetting.anonymous.argumentHelp)
    public var anonymous = false

    @Flag(name: GlobalSetting.verbose.optionName, help: GlobalSetting.verbose.argumentHelp)
    public var verbose = false

    @Option(name: GlobalSetting.vaultPassphraseFile.optionName, help: GlobalSetting.vaultPassphraseFile.argumentHelp, completion: .file())
    public var vaultPassphraseFile: String?

    @Option(name: GlobalSetting.oauthClientId.optionName, help: GlobalSetting.oauthClientId.argumentHelp)
    public var oauthClientId: String?

    @Option(name: GlobalSetting.redirectUri.optionName, help: GlobalSetting.redirectUri.argumentHelp)
    public var redirectUri: String?

    @Option(name: GlobalSetting.oauthAuthorizeUrl.optionName, help: GlobalSetting.oauthAuthorizeUrl.argumentHelp)
    public var oauthAuthorizeUrl: String?

    @Option(name: GlobalSetting.oauthTokenUrl.optionName, help: GlobalSetting.oauthTokenUrl.argumentHelp)
    public var oauthTokenUrl: String?

    @Option(name: GlobalSetting.appVersion.optionName, help: GlobalSetting.appVersion.argumentHelp)
    public var appVersion: String?

    @Option(name: GlobalSetting.platform.optionName, help: GlobalSetting.platform.argumentHelp)
    public var platform: String?

    @Option(name: GlobalSetting.errorFormat.optionName, help: GlobalSetting.errorFormat.argumentHelp)
    public var errorFormat: ErrorFormat?

    /// The values of these options, as plain data: what the Invocation reads. Every property is
    /// named here; AgreementTests checks `values.givenValues` against the key paths of `fields`.
    public var values: GlobalValues {
        GlobalValues(server: server, plist: plist, appId: appId, profile: profile, user: user, passwordStdin: passwordStdin,
                     cert: cert, key: key, pkcs12: pkcs12, certProvider: certProvider, cacert: cacert, insecure: insecure,
                     allowHTTP: allowHTTP, apiVersion: apiVersion, home: home, timeout: timeout, deadline: deadline,
                     noInput: noInput, anonymous: anonymous, verbose: verbose, vaultPassphraseFile: vaultPassphraseFile,
                     oauthClientId: oauthClientId, redirectUri: redirectUri, oauthAuthorizeUrl: oauthAuthorizeUrl,
                     oauthTokenUrl: oauthTokenUrl, appVersion: appVersion, platform: platform, errorFormat: errorFormat)
    }

    /// Where each global flag of the settings table is held. The one map from the table's rows to
    /// the properties above: batch's per-line inheritance, the flag layer of the configuration and
    /// the switches of the Invocation all go through it, so a new global flag is its row, its
    /// property and its entry here (AgreementTests checks that the three agree).
    enum Field: Sendable {
        case text(WritableKeyPath<GlobalOptions, String?> & Sendable)
        case seconds(WritableKeyPath<GlobalOptions, Double?> & Sendable)
        case flag(WritableKeyPath<GlobalOptions, Bool> & Sendable)
        /// `--error-format`: read before parsing (ErrorFormat.resolve), never inherited.
        case errorFormat
    }

    static let fields: [GlobalSetting: Field] = [
        .server: .text(\.server), .plist: .text(\.plist), .appId: .text(\.appId), .profile: .text(\.profile),
        .user: .text(\.user), .passwordStdin: .flag(\.passwordStdin), .cert: .text(\.cert), .key: .text(\.key),
        .pkcs12: .text(\.pkcs12), .certProvider: .text(\.certProvider), .cacert: .text(\.cacert),
        .insecure: .flag(\.insecure), .allowHTTP: .flag(\.allowHTTP), .apiVersion: .text(\.apiVersion),
        .home: .text(\.home), .timeout: .seconds(\.timeout), .deadline: .seconds(\.deadline), .noInput: .flag(\.noInput),
        .anonymous: .flag(\.anonymous), .verbose: .flag(\.verbose), .vaultPassphraseFile: .text(\.vaultPassphraseFile),
        .oauthClientId: .text(\.oauthClientId), .redirectUri: .text(\.redirectUri),
        .oauthAuthorizeUrl: .text(\.oauthAuthorizeUrl), .oauthTokenUrl: .text(\.oauthTokenUrl),
        .appVersion: .text(\.appVersion), .platform: .text(\.platform), .errorFormat: .errorFormat,
    ]

    /// Options a batch line never takes from the batch: stdin is the batch's (`password-stdin` is
    /// refused), a line never prompts (`no-input` is always on), and its errors are always JSON.
    static let notInherited: Set<GlobalSetting> = [.passwordStdin, .noInput, .errorFormat]

    /// Whether the configuration layers resolve the setting (its flag is their first layer): the
    /// settings a profile may set, and the profile's name. The others are read by the Invocation.
    static func isLayered(_ setting: GlobalSetting) -> Bool { setting.inProfile || setting == .profile }

    /// The value given on the command line for `setting`, as text: nil when the flag was not given
    /// (a switch: "true" when given).
    func given(_ setting: GlobalSetting) -> String? {
        switch Self.fields[setting] {
        case .text(let key): self[keyPath: key]
        case .seconds(let key): self[keyPath: key].map { String($0) }
        case .flag(let key): self[keyPath: key] ? "true" : nil
        case .errorFormat: errorFormat?.rawValue
        case nil: nil
        }
    }

    /// What `given` reads through `fields`, for every field (see `GlobalValues.givenValues`).
    var givenValues: [(GlobalSetting, String?)] { values.givenValues }

    /// These options with what a batch line does not give itself taken from the batch's own.
    func inheriting(from batch: GlobalOptions) -> GlobalOptions {
        var merged = self
        for (setting, field) in Self.fields where !Self.notInherited.contains(setting) {
            switch field {
            case .text(let key): merged[keyPath: key] = self[keyPath: key] ?? batch[keyPath: key]
            case .seconds(let key): merged[keyPath: key] = self[keyPath: key] ?? batch[keyPath: key]
            case .flag(let key): merged[keyPath: key] = self[keyPath: key] || batch[keyPath: key]
            case .errorFormat: break
            }
        }
        return merged
    }
}

/// The global options' values as plain data, without ArgumentParser's property wrappers: what an
/// Invocation is resolved from. ArgumentParser's parse gives them through `GlobalOptions.values`;
/// the fast parser (FastPath.swift) makes them directly, since building `GlobalOptions` (one
/// property wrapper, name and help for each of its options) cost about 0.4 ms of every call.
public struct GlobalValues: Sendable, Equatable {
    public var server: String?
    public var plist: String?
    public var appId: String?
    public var profile: String?
    public var user: String?
    public var passwordStdin = false
    public var cert: String?
    public var key: String?
    public var pkcs12: String?
    public var certProvider: String?
    public var cacert: String?
    public var insecure = false
    public var allowHTTP = false
    public var apiVersion: String?
    public var home: String?
    public var timeout: Double?
    public var deadline: Double?
    public var noInput = false
    public var anonymous = false
    public var verbose = false
    public var vaultPassphraseFile: String?
    public var oauthClientId: String?
    public var redirectUri: String?
    public var oauthAuthorizeUrl: String?
    public var oauthTokenUrl: String?
    public var appVersion: String?
    public var platform: String?
    public var errorFormat: ErrorFormat?

    /// The flags given, by their configuration names, for the first configuration layer.
    var flagValues: FlagValues {
        var values: FlagValues = [:]
        for (setting, value) in givenValues where GlobalOptions.isLayered(setting) { values[setting.name] = value }
        return values
    }

    /// What `given` reads through `fields`, for every field, read from the properties themselves:
    /// every command reads its flags' values once, and the key paths of `fields` cost more to make
    /// than the rest of that. AgreementTests checks that the two agree for every field.
    var givenValues: [(GlobalSetting, String?)] {
        func text(_ seconds: Double?) -> String? { seconds.map { String($0) } }
        func on(_ flag: Bool) -> String? { flag ? "true" : nil }
        return [
            (.server, server), (.plist, plist), (.appId, appId), (.profile, profile), (.user, user),
            (.passwordStdin, on(passwordStdin)), (.cert, cert), (.key, key), (.pkcs12, pkcs12),
            (.certProvider, certProvider), (.cacert, cacert), (.insecure, on(insecure)), (.allowHTTP, on(allowHTTP)),
            (.apiVersion, apiVersion), (.home, home), (.timeout, text(timeout)), (.deadline, text(deadline)),
            (.noInput, on(noInput)), (.anonymous, on(anonymous)), (.verbose, on(verbose)),
            (.vaultPassphraseFile, vaultPassphraseFile), (.oauthClientId, oauthClientId), (.redirectUri, redirectUri),
            (.oauthAuthorizeUrl, oauthAuthorizeUrl), (.oauthTokenUrl, oauthTokenUrl), (.appVersion, appVersion),
            (.platform, platform), (.errorFormat, errorFormat?.rawValue),
        ]
    }
}
