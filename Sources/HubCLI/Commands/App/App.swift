// `hubctl app`: Create Mobile Services applications from CI, key them, ship their MDK or hybrid app
// versions and destinations, list, delete and prune them.

import ArgumentParser
import HubServices

struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Mobile Services applications from CI: create, key, deploy app versions, destinations, delete (operator).",
        discussion: """
        A throw-away application per CI run: `app create` makes it through Cloud Foundry (a \
        mobile-services instance labelled managed-by=hubctl), `app settings-file` writes SAP's \
        client settings file with a new push key, `app delete` removes it, and a nightly `app \
        prune` removes what crashed pipelines left. Cloud Foundry v3 does the create, the CF keys, \
        the age and the delete of the instance; the cockpit's Admin API (seen only in SAP's code) \
        the restore, the feature keys and the app's delete. `app create --via admin-api` creates         as SAP's MDK CLI does, with features from `app services`. An MDK or hybrid app's         versions go through App Update (`app version deploy --promote`, `list`, `promote`,         `delete`, `prune`), its back ends through the proxy feature (`app destination`).

        \(CloudFoundryLoginSource.helpText) A token hubctl gets itself is refreshed when \
        its exp passed and once after a 401, in memory only; cf's file is never written. cf's \
        SSLDisabled is not honoured: hubctl verifies TLS and warns (use --cacert). The Admin API \
        takes Basic --admin-user with --admin-password-file instead of the token.

        Example:
          hubctl app create ci-$RUN --feature push
        """,
        subcommands: [AppList.self, AppShow.self, AppCreate.self, AppServices.self, AppKeyCommand.self, AppSettingsFile.self, AppDelete.self, AppPrune.self, AppVersionCommand.self, AppDestinationCommand.self])
}
