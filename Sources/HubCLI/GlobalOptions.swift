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

    /// What a batch line takes from the batch's own flags when it does not give them itself
    /// (`BatchRunner.merge`). Together with `notInherited` these are all the options: a test checks
    /// it, so a new option is never silently dropped from batch lines.
    static let inheritedValues: [WritableKeyPath<GlobalOptions, String?> & Sendable] = [
        \.server, \.plist, \.appId, \.profile, \.user, \.cert, \.key, \.pkcs12, \.certProvider, \.cacert,
        \.apiVersion, \.home, \.vaultPassphraseFile, \.oauthClientId, \.redirectUri, \.oauthAuthorizeUrl,
        \.oauthTokenUrl, \.appVersion, \.platform,
    ]
    static let inheritedNumbers: [WritableKeyPath<GlobalOptions, Double?> & Sendable] = [\.timeout, \.deadline]
    static let inheritedFlags: [WritableKeyPath<GlobalOptions, Bool> & Sendable] = [\.insecure, \.allowHTTP, \.anonymous, \.verbose]
    /// Options a batch line never takes from the batch: stdin is the batch's (`password-stdin` is
    /// refused), a line never prompts (`no-input` is always on), and its errors are always JSON.
    static let notInherited: Set<String> = ["passwordStdin", "noInput", "errorFormat"]

    /// The value given on the command line for a setting that the configuration layers resolve
    /// (nil when the flag was not given). Settings without a flag, or read elsewhere (home,
    /// verbose, …), have no entry here.
    static let layered: [GlobalSetting: @Sendable (GlobalOptions) -> String?] = [
        .server: { $0.server }, .plist: { $0.plist }, .appId: { $0.appId }, .profile: { $0.profile },
        .user: { $0.user }, .cert: { $0.cert }, .key: { $0.key }, .pkcs12: { $0.pkcs12 },
        .certProvider: { $0.certProvider }, .cacert: { $0.cacert }, .apiVersion: { $0.apiVersion },
        .timeout: { $0.timeout.map { String($0) } }, .deadline: { $0.deadline.map { String($0) } }, .anonymous: { $0.anonymous ? "true" : nil },
        .oauthClientId: { $0.oauthClientId }, .redirectUri: { $0.redirectUri },
        .oauthAuthorizeUrl: { $0.oauthAuthorizeUrl }, .oauthTokenUrl: { $0.oauthTokenUrl }, .appVersion: { $0.appVersion },
        .platform: { $0.platform },
    ]

    /// The flags given, by their configuration names, for the first configuration layer.
    var flagValues: FlagValues {
        var values: FlagValues = [:]
        for (setting, read) in Self.layered { values[setting.name] = read(self) }
        return values
    }
}
