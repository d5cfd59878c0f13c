// `hubctl app key create`: Create a CF key of the instance, or a write-once feature key of the Admin API.

import ArgumentParser
import Foundation
import HubCore
import HubServices

/// The feature-key flags `app key create` and `app settings-file` share.
struct FeatureKeyOptions: ParsableArguments {
    @Option(name: .customLong("scope"), help: ArgumentHelp("A scope of the key; repeatable. Push: push_single, push_multiple, push_all, pushregistrations_read.", valueName: "scope"))
    var scopes: [String] = []
    @Flag(name: .customLong("x509"), help: "An X.509 key (client certificate and private key) instead of an API key.") var x509 = false
    @Option(name: .customLong("validity"), help: ArgumentHelp("With --x509: how long the certificate is valid, in days (7d) or months (3mo).", valueName: "duration"))
    var validity: String?
    @Option(name: .customLong("key-length"), help: ArgumentHelp("With --x509: the RSA key's bits (at least 2048).", valueName: "bits"))
    var keyLength: Int?
    @Option(name: .customLong("alias"), help: ArgumentHelp("The key's alias; default: hubctl-<UTC time>.", valueName: "alias"))
    var alias: String?

    var value: FeatureKeySpec { FeatureKeySpec(scopes: scopes, x509: x509, validity: validity, keyLength: keyLength, alias: alias) }
}

struct FeatureKeySpec: Sendable, Equatable {
    var scopes: [String] = []
    var x509 = false
    var validity: String?
    var keyLength: Int?
    var alias: String?

    /// The request, checked (64) before anything is sent.
    func request(feature: String) throws -> FeatureKeyRequest {
        try AppAdminRules.checkFeatures([feature])
        try AppAdminRules.checkScopes(scopes, feature: feature)
        if feature == "push" && scopes.isEmpty {
            throw HubError.usage("A push key needs --scope (\(AppAdminRules.pushScopes.joined(separator: ", "))). Nothing was sent.")
        }
        if !x509 && (validity != nil || keyLength != nil) { throw HubError.usage("--validity and --key-length go with --x509. Nothing was sent.") }
        let alias = self.alias ?? "hubctl-" + ISO8601.string(from: Date(), milliseconds: false).filter { $0.isNumber }
        guard !alias.isEmpty, alias.count <= 64, alias.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw HubError.usage("--alias \(HubError.quoted(alias)) is not an alias (1 to 64 letters, digits, - _ .). Nothing was sent.")
        }
        let x509 = self.x509 ? try AppAdminRules.x509(keyLength: keyLength ?? 2048, validity: validity ?? "1d") : nil
        return FeatureKeyRequest(alias: alias, scopes: scopes, x509: x509)
    }
}

struct AppKeyCreate: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a CF key of the app's instance, or a write-once feature key.",
        discussion: """
        --cf-key NAME: a Cloud Foundry service key of the instance (v3 credential binding of \
        type key, the key SAP's own CI pushes with); prints its credentials; `app key show` reads \
        it again.

        --feature F [--scope S]… [--x509 [--validity 7d] [--key-length 2048]]: a feature key of \
        the Admin API. WRITE-ONCE: no known call reads it back; the answer, printed or written to \
        --out, is its only copy ({alias, url, apiKey} or {alias, url, uaa: {…, certificate, key}}).

        --out FILE: the key is written to a new file, mode 0600 (never over an existing file); \
        '-' or no --out: stdout. Refused before anything is sent (64): push scopes other than \
        push_single, push_multiple, push_all, pushregistrations_read; X.509 keys under 2048 bits \
        or valid for other than days or months.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that cannot be read, 66 no such app, 69 \
        server unreachable, 73 the key or --out exists, 75 timeout, 77 credentials refused or a \
        login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app key create ci-1 --feature push --scope push_all --out push-key.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Option(name: .customLong("cf-key"), help: ArgumentHelp("Create the CF service key NAME of the instance.", valueName: "name")) var cfKey: String?
    @Option(name: .customLong("feature"), help: ArgumentHelp("Create a write-once feature key of the Admin API for this feature (push, …).", valueName: "feature")) var feature: String?
    @OptionGroup(title: "Feature key") var key: FeatureKeyOptions
    @Option(name: .customLong("out"), help: ArgumentHelp("Write the key to this new file (0600); '-': stdout.", valueName: "file"), completion: .file()) var out: String?

    var options: Options { Options(source: cf.value, app: app, cfKey: cfKey, feature: feature, key: key.value, out: out) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var cfKey: String?
        var feature: String?
        var key: FeatureKeySpec
        var out: String?

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            let document: JSONValue
            var made: String?
            switch (cfKey, feature) {
            case (let name?, nil):
                guard key == FeatureKeySpec() else { throw HubError.usage("--scope, --x509, --validity, --key-length and --alias go with --feature, not --cf-key. Nothing was sent.") }
                try AppKeyShow.check(keyName: name)
                try AppOutFile.check(out)
                document = try invocation.services.apps(source).cfKey(appId: app, keyName: name, create: true)
            case (nil, let feature?):
                let request = try key.request(feature: feature)
                try AppOutFile.check(out)
                document = try invocation.services.apps(source).featureKey(appId: app, feature: feature, request)
                made = "The \(feature) key \(HubError.quoted(request.alias)) of \(app)"
            default:
                throw HubError.usage("Give --cf-key NAME or --feature F (one of them).")
            }
            try AppOutFile.write(document, to: out, made: made, invocation)
        }
    }
}
