// The flags of the operator's credentials, shared by the commands of several groups (`push
// send|status|registrations|localizations`, `bundle …`, `probe --push`): an option group whose
// plain value is HubServices' `ServiceKeySource`, the credential chain the sessions are built from
// (`services.pushBackend(_:)`, `services.bundleAdmin(_:)`).

import ArgumentParser
import HubServices

/// The flags that name a feature's service key (push; client resources for `bundle …`).
struct ServiceKeyOptions: ParsableArguments {
    @Option(name: .customLong("service-key"), help: ArgumentHelp("A Mobile Services service key JSON (url with apiKey and alias, or an X.509 key's certificate and key), or SAP's client settings file (the key of the command's feature: push, or client resources; a key with uaa instead of apiKey is a binding). '-': stdin.", valueName: "file"), completion: .file())
    var serviceKey: String?

    @Option(name: .customLong("binding"), help: ArgumentHelp("A service binding JSON (uaa.clientid with uaa.clientsecret and uaa.url, or credential-type x509 with certificate, key and certurl; endpoints.mobileservices.url): OAuth2 client credentials. '-': stdin.", valueName: "file"), completion: .file())
    var binding: String?

    @Option(name: .customLong("key-alias"), help: ArgumentHelp("Which service key of a settings file (SAP's {\"services\": [{\"name\": \"push\", \"serviceKeys\": [...]}]}), by its alias, when the feature has several.", valueName: "alias"))
    var keyAlias: String?

    @Option(name: .customLong("binding-name"), help: ArgumentHelp("Which Mobile Services binding of VCAP_SERVICES (tagged mobileservice…), when it has several.", valueName: "name"))
    var bindingName: String?

    @Option(name: .customLong("tenant"), help: ArgumentHelp("A subscriber tenant id (sent as x-tenant-id; with a shared-tenant-mode binding, the zone the token is asked for).", valueName: "id"))
    var tenant: String?

    /// These options as plain data (a command's Options hold them).
    var value: Value { Value(serviceKey: serviceKey, binding: binding, keyAlias: keyAlias, bindingName: bindingName, tenant: tenant) }

    typealias Value = ServiceKeySource
}
