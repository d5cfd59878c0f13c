// `hubctl app version deploy`: Upload an MDK bundle or a hybrid app package as a new pending
// version (streamed), learn its revision from the details read before and after, optionally
// promote it; a failed upload reports the pending revisions it may have left.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct AppVersionDeploy: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Upload an MDK bundle or a hybrid app package as a new version (optionally promoted).",
        discussion: """
        Checks the package before anything is sent (64): FILE a zip (`-`: stdin, spooled; a \
        directory: zipped as `bundle publish` zips it, the same tree giving the same bytes), no \
        encrypted entry; --kind hybrid: only android/ and ios/ at the top (lower case), each \
        with config.xml and www/; --kind mdk: a readable zip with an entry. Then it sends, in \
        order: GET …/KapselApp/APP (the details before), POST …/KapselApp/APP (one multipart \
        part `file`, streamed, never held in memory), GET …/KapselApp/APP (after); the new \
        revision of each platform is the pending one that appeared between the two reads (the \
        upload's answer names none: its revision is -1). --promote then sends PUT \
        …/promotePending with exactly those revisions (--app-platform P…: only those platforms; \
        android, ios, or AppModeler for MDK) and reads the details again.

        Prints {appId, kind, uploaded, bytes, sha256, revisions: [{platform, revision}], \
        platforms: [{platform, current, staged, pending}], promoted, promotedRevisions, \
        message, leftPending}.

        A cut upload (the deadline, a lost connection, an error after the body was sent) may \
        still have stored a version: hubctl then reads the details once more within a grace of \
        min(10 s, max(1 s, a quarter of --deadline)) past the failure, and reports every pending \
        revision that appeared since its first read in `leftPending`, on stdout and in the \
        error, each with the command that deletes it (hubctl app version delete APP --pending \
        --revision N --app-platform P). It deletes none itself: another CI run may have uploaded \
        at the same time, and the server's answer does not say whose a revision is. If the \
        grace read fails too, the error says to run `hubctl app version list APP`.

        Exit codes: 0 ok, 64 bad flags, id, package or platform (nothing sent), 65 an answer \
        that cannot be read or a file that changed while it was sent, 66 no such file, app or \
        App Update feature, 69 server unreachable, the upload cut off, or no new pending \
        revision to promote, 75 timeout, 77 credentials refused or a login page, 78 no \
        credentials or Admin API.

        Example:
          hubctl app version deploy ci-$RUN app.zip --kind mdk --promote
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Argument(help: ArgumentHelp("The package: a zip file, '-' for stdin, or a directory to zip.", valueName: "file"), completion: .file())
    var file: String
    @Option(name: .customLong("kind"), help: ArgumentHelp("mdk (an MDK bundle) or hybrid (android/ and ios/ folders with config.xml and www/).", valueName: "kind"))
    var kind: AppUpdateKind?
    @Flag(name: .customLong("promote"), help: "Promote the uploaded revisions (make them what devices get).") var promote = false
    @Option(name: .customLong("app-platform"), help: ArgumentHelp("With --promote: promote only this platform's revision (repeatable).", valueName: "platform"))
    var platforms: [String] = []

    var options: Options { Options(source: cf.value, app: app, file: file, kind: kind, promote: promote, platforms: platforms) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var file: String
        var kind: AppUpdateKind?
        var promote: Bool
        var platforms: [String]

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            guard let kind else { throw HubError.usage("app version deploy needs --kind mdk or --kind hybrid. Nothing was sent.") }
            guard platforms.isEmpty || promote else {
                throw HubError.usage("--app-platform chooses what --promote promotes: give --promote too, or leave --app-platform out. Nothing was sent.")
            }
            if file == "-", [source.adminPasswordFile, source.cfTokenFile, source.cfPasswordFile].contains("-") {
                throw HubError.usage("The package and a password or token cannot both come from stdin ('-'). Nothing was sent.")
            }
            let package = try AppUpdatePackage.content(file, kind: kind, invocation.services.bundleInput)
            let session = try AppVersionSupport.session(source, app: app, invocation)
            let before = try session.client.details()
            let known = kind == .hybrid ? package.platforms : Array(Set(before.map(\.platform) + [AppUpdatePlan.mdkPlatform])).sorted()
            try AppVersionSupport.checkPlatforms(platforms, known: known)

            let bar = invocation.showsProgress ? ProgressBar(console: invocation.console) : nil
            defer { bar?.finish() }
            let total = package.length
            var progress: (@Sendable (Int64) -> Void)?
            if let bar { progress = { bar.update($0, total: total) } }
            let result: AppUpdateDeployResult
            do {
                result = try session.client.deploy(package, progress: progress)
            } catch let failure as HubError {
                bar?.finish()
                throw try leftBehind(after: failure, session, before: before, kind: kind, invocation)
            }
            bar?.finish()
            var output = AppVersionDeployOutput(appId: app, kind: kind, uploaded: true, bytes: result.bytes, sha256: result.sha256)
            // Stored: the read that names its revisions gets the grace when the deadline cut it.
            let after: [AppUpdatePlatformState]
            do {
                after = try session.client.details()
            } catch let first as HubError where first.kind == .temporary || first.kind == .unavailable {
                do {
                    after = try session.graceClient(seconds: AppUpdateSession.graceSeconds(deadline: invocation.deadlineSeconds)).details()
                } catch var failure as HubError {
                    failure.message += " The upload was stored (\(result.bytes) bytes, sha256 \(result.sha256)) but its revision could not be read: see `hubctl app version list \(app)`."
                    throw failure
                }
            }
            output.revisions = AppUpdatePlan.appeared(before: before, after: after)
            output.platforms = after
            if promote {
                let chosen = output.revisions.filter { platforms.isEmpty || platforms.contains($0.platform) }
                let missing = platforms.filter { p in !chosen.contains { $0.platform == p } }
                if chosen.isEmpty || !missing.isEmpty || chosen.contains(where: { $0.revisions.count != 1 }) {
                    try invocation.emit(output)
                    throw HubError(.unavailable, code: .invalidResponse,
                                   "The upload was stored, but hubctl cannot tell which pending revision is its own on \(missing.isEmpty ? "every platform" : missing.joined(separator: ", ")) (appeared: \(AppVersionDeployOutput.flat(output.revisions).map { "\($0.platform) \($0.revision)" }.joined(separator: ", ")), none or more than one each: another upload ran at the same time?), so nothing was promoted. Promote with `hubctl app version promote \(app) --revision N --app-platform P`.")
                }
                let answer = try session.client.promote(chosen)
                output.promoted = answer.message == nil
                output.promotedRevisions = chosen
                output.message = answer.message
                output.platforms = try session.client.details()
            }
            try invocation.emit(output)
        }

        /// The error of a failed upload, with the pending revisions that appeared since the first
        /// read (read within the grace), printed on stdout and named in the error.
        func leftBehind(after failure: HubError, _ session: AppUpdateSession, before: [AppUpdatePlatformState], kind: AppUpdateKind,
                        _ invocation: Invocation) throws -> HubError {
            // Refused before anything was stored: the credentials, no such app, a bad request.
            guard ![.usage, .noInput, .permission].contains(failure.kind) else { return failure }
            var error = failure
            let grace = AppUpdateSession.graceSeconds(deadline: invocation.deadlineSeconds)
            let left: [AppUpdateRevisions]
            do {
                left = AppUpdatePlan.appeared(before: before, after: try session.graceClient(seconds: grace).details())
            } catch let graceFailure {
                let why = (graceFailure as? HubError)?.message ?? "\(graceFailure)"
                error.message += " The versions could not be read within \(Seconds.format(grace)) after the failure (\(why)): a pending version may have been stored; see `hubctl app version list \(app)`."
                return error
            }
            var output = AppVersionDeployOutput(appId: app, kind: kind, uploaded: false)
            output.leftPending = left
            try invocation.emit(output)
            let flat = AppVersionDeployOutput.flat(left)
            error.message += flat.isEmpty
                ? " No pending revision appeared on the server since the upload began."
                : " Pending revisions appeared on the server since the upload began (this upload's, or another run's: hubctl deletes none): "
                    + flat.map { "\($0.platform) \($0.revision) (`\(AppVersionSupport.deleteCommand(app, $0.platform, $0.revision))`)" }.joined(separator: ", ") + "."
            return error
        }
    }
}

/// What `hubctl app version deploy` prints: the upload, the revisions it added, the versions after
/// it, what was promoted; after a failed upload, the pending revisions left and their delete commands.
struct AppVersionDeployOutput: JSONDocument {
    var appId: String
    var kind: AppUpdateKind
    var uploaded: Bool
    var bytes: Int64?
    var sha256: String?
    var revisions: [AppUpdateRevisions] = []
    var platforms: [AppUpdatePlatformState] = []
    var promoted = false
    var promotedRevisions: [AppUpdateRevisions] = []
    var message: String?
    var leftPending: [AppUpdateRevisions] = []

    static func flat(_ list: [AppUpdateRevisions]) -> [(platform: String, revision: Int)] {
        list.flatMap { item in item.revisions.map { (item.platform, $0) } }
    }

    static func pairs(_ list: [AppUpdateRevisions]) -> JSONValue {
        .array(flat(list).map { .object(["platform": .string($0.platform), "revision": .int(Int64($0.revision))]) })
    }

    var json: JSONValue {
        .object([
            "appId": .string(appId), "kind": .string(kind.rawValue), "uploaded": .bool(uploaded),
            "bytes": bytes.map(JSONValue.int) ?? .null, "sha256": sha256.map(JSONValue.string) ?? .null,
            "revisions": Self.pairs(revisions), "platforms": .array(platforms.map(AppVersionSupport.state)),
            "promoted": .bool(promoted), "promotedRevisions": Self.pairs(promotedRevisions), "message": message.map(JSONValue.string) ?? .null,
            "leftPending": .array(Self.flat(leftPending).map {
                .object(["platform": .string($0.platform), "revision": .int(Int64($0.revision)),
                         "deleteCommand": .string(AppVersionSupport.deleteCommand(appId, $0.platform, $0.revision))])
            }),
        ])
    }
}
