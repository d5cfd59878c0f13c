// `hubctl app create`: Create a Mobile Services application through Cloud Foundry, then restore it;
// or (`--via admin-api`) through the Admin API in SAP's MDK CLI's body (docs/protocol.md §17.11).

import ArgumentParser
import HubCore
import HubServices

struct AppCreate: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a Mobile Services application (a mobile-services instance) and wait for it.",
        discussion: """
        Creates the mobile-services instance named APP in the space (plan --plan, default \
        standard) with SAP's test broker's parameters ({name, displayName, security: oauth, \
        services: the --feature list}) and the label managed-by=hubctl (plus --label K=V), waits \
        for Cloud Foundry's job within --deadline (the cockpit can take 90 s), then restores the \
        app through the Admin API as SAP's broker does (a failed restore is a warning). Prints \
        {appId, created, instance: {guid, createdAt, state, labels, dashboardUrl}, adminApi, \
        restored}.

        Refused before anything is sent (64): an id SAP reserves (Admin, AdminData, Push, \
        smp_cloud, resource, test-resources, resources, Scheduler, odata, applications, \
        Connections, public, lcm; case-sensitive), one with .., over 64 characters, not starting \
        with a letter or with other characters than letters, digits, . _ -; a malformed or \
        repeated --feature; a malformed --label.

        --if-exists: fail (73, the default) or reuse when the space has an instance named APP. \
        --max-apps N: refused (73) when the space holds N instances labelled managed-by=hubctl; \
        counted again once APP is made, and when another run made one meanwhile (over N), APP \
        is deleted again (73). Only mobile-services instances count.

        Cut by --deadline while Cloud Foundry still creates the instance: 75, naming the job, \
        the instance left in progress and `hubctl app delete APP` (set that as a trap first).

        --via admin-api creates the app as SAP's MDK CLI does, without a CF instance: it reads \
        the services catalogue (`hubctl app services`) first, takes each --feature F[:PLAN] with \
        PLAN or the catalogue's first plan of F (refused, 64, naming the known ones, when F or \
        PLAN is not in the catalogue; 69 when the catalogue is empty), then sends POST \
        <admin-api>/app?async=true {name, displayName (APP with . _ - as spaces, or --name), \
        security oauth, connection, uris [https://cfapps.<landscape>] (the landscape from the \
        Admin API's host), mobileServices [{name, plan}], device_support (app_type mdk with \
        --kind mdk)} and waits until GET app/APP finds it. An app of that id: 73, or reused \
        with --if-exists reuse. --plan, --label and --max-apps are Cloud Foundry's and refused \
        with it (64); --kind is refused without it. Prints {appId, created, instance: null, \
        adminApi, restored: null, via: "admin-api", mobileServices: [{name, plan}]}; for an MDK \
        app: --via admin-api --kind mdk --feature app-update --feature push:standard.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that cannot be read, 66 no such org, \
        space, offering or plan, 69 server unreachable or the create failed, 73 the app exists \
        or --max-apps reached, 75 timeout, 77 credentials refused or a login page, 78 no CF API, \
        credentials, org or space.

        Example:
          hubctl app create ci-$RUN --feature push --deadline 300
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id (also the instance's name).", valueName: "app")) var app: String
    @Option(name: .customLong("name"), help: ArgumentHelp("The display name; default: APP.", valueName: "text")) var name: String?
    @Option(name: .customLong("feature"), help: ArgumentHelp("A feature to assign (push, storage, …; F:PLAN with --via admin-api); repeatable.", valueName: "feature")) var features: [String] = []
    @Option(name: .customLong("plan"), help: ArgumentHelp("The mobile-services plan (default standard).", valueName: "plan")) var plan: String?
    @Option(name: .customLong("label"), help: ArgumentHelp("A CF label KEY=VALUE on the instance; repeatable.", valueName: "k=v")) var labels: [String] = []
    @Option(name: .customLong("max-apps"), help: ArgumentHelp("Refuse when the space holds this many apps hubctl made.", valueName: "n")) var maxApps: Int?
    @Option(name: .customLong("if-exists"), help: ArgumentHelp("fail or reuse when an instance named APP exists.", valueName: "mode")) var ifExists: MobileServicesApps.IfExists = .fail
    @Option(name: .customLong("via"), help: ArgumentHelp("cf (a mobile-services instance) or admin-api (SAP's MDK CLI's create).", valueName: "way")) var via: Via = .cf
    @Option(name: .customLong("kind"), help: ArgumentHelp("With --via admin-api: mdk, hybrid or native (default).", valueName: "kind")) var kind: AdminAppCreate.Kind?

    var options: Options {
        Options(source: cf.value, app: app, name: name, features: features, plan: plan ?? "standard", labels: labels, maxApps: maxApps, ifExists: ifExists,
                via: via, kind: kind, planGiven: plan != nil)
    }

    enum Via: String, Sendable, CaseIterable, ExpressibleByArgument {
        case cf
        case adminAPI = "admin-api"
    }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var name: String?
        var features: [String]
        var plan: String
        var labels: [String]
        var maxApps: Int?
        var ifExists: MobileServicesApps.IfExists
        var via: Via = .cf
        var kind: AdminAppCreate.Kind?
        var planGiven = false

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            if via == .adminAPI { return try runAdminAPI(invocation) }
            if kind != nil { throw HubError.usage("--kind is for --via admin-api (Cloud Foundry's create has no app type). Nothing was sent.") }
            try AppAdminRules.checkFeatures(features)
            let labels = try AppAdminRules.labels(self.labels)
            if let maxApps, maxApps < 1 { throw HubError.usage("--max-apps must be at least 1; got \(maxApps). Nothing was sent.") }
            if let name, name.isEmpty || name.count > 80 { throw HubError.usage("--name must have 1 to 80 characters. Nothing was sent.") }
            guard !plan.isEmpty else { throw HubError.usage("--plan is empty. Nothing was sent.") }
            let apps = try invocation.services.apps(source)
            let result = try apps.create(appId: app, name: name, features: features, plan: plan, labels: labels, maxApps: maxApps, ifExists: ifExists)
            try invocation.emit(AppCreateOutput(appId: app, result: result))
        }

        /// `--via admin-api`: the catalogue, then SAP's MDK CLI's create.
        func runAdminAPI(_ invocation: Invocation) throws {
            let cfOnly = [("--plan", planGiven), ("--label", !labels.isEmpty), ("--max-apps", maxApps != nil)].filter(\.1).map(\.0)
            if !cfOnly.isEmpty {
                throw HubError.usage("\(cfOnly.joined(separator: ", ")) \(cfOnly.count == 1 ? "is" : "are") Cloud Foundry's; --via admin-api makes no instance (features take their plans as --feature F:PLAN). Nothing was sent.")
            }
            let choices = try FeatureChoice.parse(features)
            if let name, name.isEmpty || name.count > 80 { throw HubError.usage("--name must have 1 to 80 characters. Nothing was sent.") }
            let apps = try invocation.services.apps(source)
            let result = try apps.createThroughAdminAPI(appId: app, name: name, kind: kind ?? .native, features: choices, ifExists: ifExists)
            try invocation.emit(AppCreateAdminOutput(appId: app, result: result))
        }
    }
}

/// What `hubctl app create` prints; `restored` is null for a reused instance.
struct AppCreateOutput: JSONDocument {
    var appId: String
    var result: MobileServicesApps.Created

    var json: JSONValue {
        .object([
            "appId": .string(appId), "created": .bool(result.created),
            "instance": AppInstanceOutput(instance: result.instance, withOperation: false).json,
            "adminApi": JSONValue(result.adminAPI),
            "restored": result.created ? .bool(result.restoreError == nil) : .null,
        ])
    }
}

/// What `hubctl app create --via admin-api` prints: AppCreateOutput's members (no instance, no
/// restore) with the way and the features sent with their plans.
struct AppCreateAdminOutput: JSONDocument {
    var appId: String
    var result: MobileServicesApps.AdminCreated

    var json: JSONValue {
        .object([
            "appId": .string(appId), "created": .bool(result.created), "instance": .null,
            "adminApi": .string(result.adminAPI), "restored": .null, "via": .string("admin-api"),
            "mobileServices": .array(result.services.map { .object(["name": .string($0.name), "plan": JSONValue($0.plan)]) }),
        ])
    }
}
extension AdminAppCreate.Kind: ExpressibleByArgument {}
