// `hubctl app key`: Create or read an application's keys (CF keys, or write-once feature keys).

import ArgumentParser

struct AppKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Create or read an application's keys (CF keys, or write-once feature keys).",
        discussion: """
        `--cf-key NAME`: a Cloud Foundry service key of the instance (the key SAP's own CI pushes \
        with), readable again with `app key show`. `--feature F`: a feature key of the Admin API, \
        write-once: its answer is its only copy.

        Example:
          hubctl app key create ci-1 --cf-key ci --out key.json
        """,
        subcommands: [AppKeyCreate.self, AppKeyShow.self])
}
