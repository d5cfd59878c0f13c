// Generated from the settings table (HubConfig/GlobalSetting.swift) by scripts/generate-docs.sh: do not edit.
// The ArgumentParser declarations of the global options, and the values given, keyed by the table.

import ArgumentParser
import HubConfig

public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: GlobalSetting.row("server").optionName, help: GlobalSetting.row("server").argumentHelp)
    var server: String?

    @Option(name: GlobalSetting.row("plist").optionName, help: GlobalSetting.row("plist").argumentHelp, completion: .file())
    var plist: String?

    @Option(name: GlobalSetting.row("app-id").optionName, help: GlobalSetting.row("app-id").argumentHelp)
    var appId: String?

    @Option(name: GlobalSetting.row("profile").optionName, help: GlobalSetting.row("profile").argumentHelp, completion: DynamicCompletion.profiles)
    var profile: String?

    @Option(name: GlobalSetting.row("user").optionName, help: GlobalSetting.row("user").argumentHelp)
    var user: String?

    @Flag(name: GlobalSetting.row("password-stdin").optionName, help: GlobalSetting.row("password-stdin").argumentHelp)
    var passwordStdin = false

    @Flag(name: GlobalSetting.row("anonymous").optionName, help: GlobalSetting.row("anonymous").argumentHelp)
    var anonymous = false

    @Option(name: GlobalSetting.row("cert").optionName, help: GlobalSetting.row("cert").argumentHelp, completion: .file())
    var cert: String?

    @Option(name: GlobalSetting.row("key").optionName, help: GlobalSetting.row("key").argumentHelp, completion: .file())
    var key: String?

    @Option(name: GlobalSetting.row("pkcs12").optionName, help: GlobalSetting.row("pkcs12").argumentHelp, completion: .file())
    var pkcs12: String?

    @Option(name: GlobalSetting.row("cert-provider").optionName, help: GlobalSetting.row("cert-provider").argumentHelp)
    var certProvider: String?

    @Option(name: GlobalSetting.row("cacert").optionName, help: GlobalSetting.row("cacert").argumentHelp, completion: .file())
    var cacert: String?

    @Flag(name: GlobalSetting.row("insecure").optionName, help: GlobalSetting.row("insecure").argumentHelp)
    var insecure = false

    @Flag(name: GlobalSetting.row("allow-http").optionName, help: GlobalSetting.row("allow-http").argumentHelp)
    var allowHttp = false

    @Option(name: GlobalSetting.row("api-version").optionName, help: GlobalSetting.row("api-version").argumentHelp)
    var apiVersion: String?

    @Option(name: GlobalSetting.row("home").optionName, help: GlobalSetting.row("home").argumentHelp, completion: .directory)
    var home: String?

    @Option(name: GlobalSetting.row("timeout").optionName, help: GlobalSetting.row("timeout").argumentHelp)
    var timeout: Double?

    @Option(name: GlobalSetting.row("deadline").optionName, help: GlobalSetting.row("deadline").argumentHelp)
    var deadline: Double?

    @Flag(name: GlobalSetting.row("no-input").optionName, help: GlobalSetting.row("no-input").argumentHelp)
    var noInput = false

    @Flag(name: GlobalSetting.row("verbose").optionName, help: GlobalSetting.row("verbose").argumentHelp)
    var verbose = false

    @Option(name: GlobalSetting.row("vault-passphrase-file").optionName, help: GlobalSetting.row("vault-passphrase-file").argumentHelp, completion: .file())
    var vaultPassphraseFile: String?

    @Option(name: GlobalSetting.row("oauth-client-id").optionName, help: GlobalSetting.row("oauth-client-id").argumentHelp)
    var oauthClientId: String?

    @Option(name: GlobalSetting.row("redirect-uri").optionName, help: GlobalSetting.row("redirect-uri").argumentHelp)
    var redirectUri: String?

    @Option(name: GlobalSetting.row("oauth-authorize-url").optionName, help: GlobalSetting.row("oauth-authorize-url").argumentHelp)
    var oauthAuthorizeUrl: String?

    @Option(name: GlobalSetting.row("oauth-token-url").optionName, help: GlobalSetting.row("oauth-token-url").argumentHelp)
    var oauthTokenUrl: String?

    @Option(name: GlobalSetting.row("app-version").optionName, help: GlobalSetting.row("app-version").argumentHelp)
    var appVersion: String?

    @Option(name: GlobalSetting.row("platform").optionName, help: GlobalSetting.row("platform").argumentHelp)
    var platform: String?

    @Option(name: GlobalSetting.row("error-format").optionName, help: GlobalSetting.row("error-format").argumentHelp)
    var errorFormat: ErrorFormat?

    /// The values given, keyed by the table's rows.
    public var values: GlobalValues {
        var given: FlagValues = [:]
        if let server { given["server"] = server }
        if let plist { given["plist"] = plist }
        if let appId { given["app-id"] = appId }
        if let profile { given["profile"] = profile }
        if let user { given["user"] = user }
        if passwordStdin { given["password-stdin"] = "true" }
        if anonymous { given["anonymous"] = "true" }
        if let cert { given["cert"] = cert }
        if let key { given["key"] = key }
        if let pkcs12 { given["pkcs12"] = pkcs12 }
        if let certProvider { given["cert-provider"] = certProvider }
        if let cacert { given["cacert"] = cacert }
        if insecure { given["insecure"] = "true" }
        if allowHttp { given["allow-http"] = "true" }
        if let apiVersion { given["api-version"] = apiVersion }
        if let home { given["home"] = home }
        if let timeout { given["timeout"] = String(timeout) }
        if let deadline { given["deadline"] = String(deadline) }
        if noInput { given["no-input"] = "true" }
        if verbose { given["verbose"] = "true" }
        if let vaultPassphraseFile { given["vault-passphrase-file"] = vaultPassphraseFile }
        if let oauthClientId { given["oauth-client-id"] = oauthClientId }
        if let redirectUri { given["redirect-uri"] = redirectUri }
        if let oauthAuthorizeUrl { given["oauth-authorize-url"] = oauthAuthorizeUrl }
        if let oauthTokenUrl { given["oauth-token-url"] = oauthTokenUrl }
        if let appVersion { given["app-version"] = appVersion }
        if let platform { given["platform"] = platform }
        if let errorFormat { given["error-format"] = errorFormat.rawValue }
        return GlobalValues(given)
    }
}
