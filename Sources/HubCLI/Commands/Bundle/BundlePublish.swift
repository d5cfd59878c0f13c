// `hubctl bundle publish`: Upload a file, stdin or a directory (zipped) as a client resource bundle.

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

extension IfExists: ExpressibleByArgument {}

struct BundlePublish: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Upload a file, stdin or a directory (zipped) as a client resource bundle.",
        discussion: """
        Creates the bundle NAME:VERSION of the application (--app-id, else the one the \
        credentials name), uploads the content streamed (a progress bar on a terminal only), \
        and with --default makes it the default that devices get at /bundles/<app>/ (the \
        application's first bundle becomes the default anyway). FILE is a file of any type, `-` \
        (stdin), or a directory, zipped as it is sent: files in byte order of their paths, stored, \
        one fixed time and mode, so the same tree gives the same bytes. Prints {bundleId, bytes, \
        sha256, default, created, uploaded}.

        Refused before anything is sent (64): a name or version with : ? # % / or that is . or \
        .., an empty one, more than 1 GB, a password-protected zip, an extension (--extension or \
        FILE's) that is not 1-32 letters and digits, in a directory a name `acp fetch` would \
        refuse (a control character, a backslash, more than 64 levels or 4096 bytes); and, when \
        the server's list can be read, a 101st bundle. An upload that fails removes the bundle \
        this run created (or says which command removes it), and so does one whose file changed \
        while it was sent (65): the sha256 is read from the file on a thread of its own, while \
        the upload is sent. A directory's file replaced meanwhile (a symbolic link, a FIFO, \
        another file) is 65 and none of it is read.

        --if-exists: what to do when NAME:VERSION exists (409): fail (73, the default), skip \
        (nothing uploaded), replace (upload over it).

        Exit codes: 0 ok, 64 bad flags or a refused input, 65 an answer that cannot be read or a file that changed while it was sent, 66 \
        no such file, 69 server unreachable, the upload cut off or answered before the server \
        received all of it, 73 the bundle exists or TMPDIR is full (stdin), 75 timeout, 77 \
        credentials refused or a role missing, 78 no credentials or application.

        Example:
          hubctl bundle publish profile.zip --name profile --version 41 --default
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var credentials: ServiceKeyOptions
    @Argument(help: ArgumentHelp("The bundle's content: a file, '-' for stdin, or a directory to zip.", valueName: "file"), completion: .file())
    var file: String
    @Option(name: .customLong("name"), help: ArgumentHelp("The bundle's name (no : ? # % /).", valueName: "name")) var name: String
    @Option(name: .customLong("version"), help: ArgumentHelp("The bundle's version (no : ? # % /).", valueName: "version")) var version: String
    @Option(name: .customLong("extension"), help: ArgumentHelp("The file extension devices are told (X-BUNDLE-EXTENSION); default: FILE's, zip for a directory, sniffed on stdin.", valueName: "ext"))
    var fileExtension: String?
    @Flag(name: .customLong("default"), help: "Make it the application's default bundle.") var makeDefault = false
    @Option(name: .customLong("if-exists"), help: ArgumentHelp("fail, skip or replace when the bundle exists.", valueName: "mode")) var ifExists: IfExists = .fail

    var options: Options {
        Options(credentials: credentials.value, file: file, name: name, version: version, fileExtension: fileExtension,
                makeDefault: makeDefault, ifExists: ifExists)
    }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var credentials: ServiceKeySource
        var file: String
        var name: String
        var version: String
        var fileExtension: String?
        var makeDefault: Bool
        var ifExists: IfExists

        func run(_ invocation: Invocation) throws {
            let bundle = try BundleId(name: name, version: version)
            if let fileExtension, !BundleAdmin.isFileExtension(fileExtension) {
                throw HubError.usage("--extension \(HubError.quoted(fileExtension)) is not a file extension (1–32 letters and digits, no dot). Nothing was sent.")
            }
            let session = try BundleAdminSession(invocation, source: credentials)
            let (source, ext) = try input(invocation)
            let bar = invocation.showsProgress ? ProgressBar(console: invocation.console) : nil
            let total = source.length
            defer { bar?.finish() }
            let console = invocation.console
            var progress: (@Sendable (Int64) -> Void)?
            if let bar { progress = { bar.update($0, total: total) } }
            var note: ((String) -> Void)?
            if invocation.verbose { note = { console.note($0) } }
            let result = try session.publisher.publish(bundle, source: source, fileExtension: ext, makeDefault: makeDefault,
                                                       ifExists: ifExists, progress: progress, note: note)
            bar?.finish()
            try invocation.emit(JSONValue.object([
                "bundleId": .string(result.bundleId), "bytes": result.bytes.map(JSONValue.int) ?? .null,
                "sha256": result.sha256.map(JSONValue.string) ?? .null, "default": .bool(result.isDefault),
                "created": .bool(result.created), "uploaded": .bool(result.uploaded),
            ]))
        }

        /// The content and its extension, checked before anything is sent.
        func input(_ invocation: Invocation) throws -> (BundleSource, String) {
            if file == "-" {
                let spooled: InputFile
                do throws(BoundedFile.Failure) {
                    spooled = try invocation.open(file, spoolLimit: BundleAdmin.maximumBytes, fileLimit: BundleAdmin.maximumBytes)
                } catch {
                    if case .tooLarge = error { throw BundleSource.tooLarge("stdin", BundleAdmin.maximumBytes + 1) }
                    throw HubError.input(error, label: "the bundle on stdin", limit: Int(BundleAdmin.maximumBytes), tooLarge: .tooLarge)
                }
                let source = try BundleSource.checked(spooled)
                if let fileExtension { return (source, fileExtension) }
                let head = (try? spooled.read(at: 0, count: 4)) ?? Data()
                if head.starts(with: [0x50, 0x4B]) { return (source, "zip") }
                if head.starts(with: Array("%PDF".utf8)) { return (source, "pdf") }
                throw HubError.usage("Give --extension for a bundle on stdin that is neither a zip nor a PDF. Nothing was sent.")
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw HubError.noInput("No bundle content at \(file). Check the path.", code: .fileNotFound)
            }
            if isDirectory.boolValue {
                let zip = try DeterministicZip.plan(directory: file, limit: BundleAdmin.maximumBytes, until: invocation.deadline)
                return (.directory(zip, path: file), fileExtension ?? "zip")
            }
            let opened: InputFile
            do throws(BoundedFile.Failure) {
                opened = try invocation.open(file, spoolLimit: BundleAdmin.maximumBytes, fileLimit: BundleAdmin.maximumBytes)
            } catch {
                if case .tooLarge(let size) = error { throw BundleSource.tooLarge(file, size ?? BundleAdmin.maximumBytes + 1) }
                throw HubError.input(error, label: file, limit: Int(BundleAdmin.maximumBytes), tooLarge: .tooLarge)
            }
            if let fileExtension { return (try BundleSource.checked(opened), fileExtension) }
            let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
            guard !ext.isEmpty else { throw HubError.usage("\(file) has no extension; give --extension. Nothing was sent.") }
            // The same rule as --extension's: the name's extension is sent as it is.
            guard BundleAdmin.isFileExtension(ext) else {
                throw HubError.usage("The extension \(HubError.quoted(ext)) of \(HubError.quoted(file)) is not a file extension (1–32 letters and digits); rename the file or give --extension. Nothing was sent.")
            }
            return (try BundleSource.checked(opened), ext)
        }
    }
}
