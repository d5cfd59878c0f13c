// `hubctl bundle`: Publish client resource bundles and manage them (operator, Client Resources admin API).

import ArgumentParser

struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Publish client resource bundles and manage them (operator).",
        discussion: """
        The operator's half of ACP: what `acp check` and `acp fetch` download, put on the server \
        from CI with a Client Resources service key (--service-key: an API key or an X.509 key), \
        a binding (--binding, VCAP_SERVICES). No user, no browser. Exit codes: see \
        `hubctl bundle publish --help`.

        Example:
          hubctl bundle publish ./profile --name styles --version 7 --default
        """,
        subcommands: [BundlePublish.self, BundleSetDefault.self, BundleList.self, BundleShow.self, BundleDelete.self, BundlePrune.self])
}
