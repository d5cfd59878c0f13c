// The command layer's boundaries (docs/architecture.md "How a command runs"), read from its
// sources: no HTTP below the seam is built or read in HubCLI, a HUBCTL_* variable is read only
// through the settings table, stdin and files are read only through InputSource, the ACP records
// and the OAuth layer are the services', the batch engine is a service, no command folder defines a
// session or credential type, every verb has a file of its own with its output document beside its
// Options, and documents have one writer.

import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every Swift file under Sources/HubCLI, by its path from the package root, with its text.
private func commandLayerSources() throws -> [(path: String, text: String)] {
    let root = packageRoot.appendingPathComponent("Sources/HubCLI").path
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { throw CommandTestError("cannot list \(root)") }
    var files: [(String, String)] = []
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
        guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { throw CommandTestError("cannot read \(relative)") }
        files.append(("Sources/HubCLI/" + relative, String(decoding: data, as: UTF8.self)))
    }
    return files.sorted { $0.0 < $1.0 }
}

/// The lines of `text` that are code: comments dropped (a `//` inside a string literal is rare
/// enough in these files to ignore).
private func codeLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").map { line in
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }
}

@Suite("Layering")
struct LayeringTests {
    @Test func theCommandLayerBuildsNoHTTP() throws {
        let files = try commandLayerSources()
        #expect(files.count > 40, "the sources were not found")
        let forbidden = ["import HubTransport", "HTTPRequest(", "HTTPResponse(", "CurlHTTPClient", "TransportOptions(", "CurlMultiDriver"]
        for (path, text) in files {
            for line in codeLines(text) {
                for word in forbidden where line.contains(word) {
                    Issue.record("\(path): `\(word)` — requests are built and read below the command layer (HubServices)")
                }
            }
        }
    }

    @Test func variablesAreReadThroughTheSettingsTable() throws {
        for (path, text) in try commandLayerSources() {
            for line in codeLines(text) where line.contains("environment[\"HUBCTL_") {
                Issue.record("\(path): reads a HUBCTL_* variable by name; use its GlobalSetting (`value(in:)`, `isOn(in:)`)")
            }
        }
    }

    /// A leaf command is a `HubCommand` in a file of its own under Commands/<Group>/, named after
    /// its group and verb.
    @Test func everyVerbHasItsOwnFile() throws {
        let files = try commandLayerSources()
        let pattern = try Regex(#"(?m)^struct (\w+): HubCommand"#)
        var found = 0
        for (path, text) in files {
            let commands = text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
            guard !commands.isEmpty else { continue }
            found += commands.count
            #expect(commands.count == 1, "\(path) holds \(commands.count) commands: \(commands)")
            #expect(path.hasPrefix("Sources/HubCLI/Commands/"), "\(path): commands live under Commands/<Group>/")
        }
        #expect(found >= 40, "only \(found) commands found")
    }

    /// A verb's output document is declared one way: a top-level `<Group>…Output: JSONDocument` in
    /// the verb's file beside its Options (a document several verbs of a group print, in the
    /// group's *Support.swift). No schema file apart, no nested `Output`, no `*Document` enum of
    /// functions, no `JSONValue` literal handed to `emit`.
    @Test func outputDocumentsAreDeclaredBesideTheirVerbs() throws {
        let files = try commandLayerSources()
        #expect(!FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Sources/HubCLI/OutputSchema.swift").path),
                "Sources/HubCLI/OutputSchema.swift: each document goes beside its verb's Options")
        let document = try Regex(#"(?m)^([ \t]*)(?:struct|enum|final class|class|extension) (\w+)(?:<[^>]*>)?\s*:[^{]*\bJSONDocument\b"#)
        let documentEnum = try Regex(#"(?m)^[ \t]*(?:enum|struct) \w+Document\b"#)
        let literalEmit = try Regex(#"emit\(\s*(?:JSONValue\.|\.)(?:object|members|array)\("#)
        var found = 0
        for (path, text) in files {
            let code = codeLines(text).joined(separator: "\n")
            for match in code.matches(of: document) {
                found += 1
                let indent = match.output[1].substring ?? "", name = String(match.output[2].substring ?? "")
                let group = path.hasPrefix("Sources/HubCLI/Commands/") ? path.split(separator: "/")[3] : nil
                #expect(indent.isEmpty, "\(path): \(name) is nested; a verb's document is a top-level <Group>…Output beside its Options")
                #expect(group.map { name.hasPrefix($0) && name.hasSuffix("Output") } ?? false,
                        "\(path): \(name): a document is a <Group>…Output under Commands/<Group>/ (`\(group ?? "?")`)")
            }
            for match in code.matches(of: documentEnum) {
                Issue.record("\(path): `\(code[match.range].trimmingCharacters(in: .whitespaces))`: a document is a <Group>…Output: JSONDocument")
            }
            if code.contains(literalEmit) {
                Issue.record("\(path): a JSONValue literal passed to emit; declare the document as a <Group>…Output beside the verb's Options")
            }
        }
        #expect(found >= 40, "only \(found) output documents found")
    }

    /// One JSON writer: every document, `--out` files included, is written by HubCore's writer
    /// through the console (`Console.emit`, `Console.bytes`). JSONEncoder is only for the records
    /// the libraries keep, in the files named here; a new use elsewhere fails.
    @Test func documentsHaveOneWriter() throws {
        for (path, text) in try commandLayerSources() {
            for line in codeLines(text) where line.contains("JSONEncoder") || line.contains("JSONOutput.encode") {
                Issue.record("\(path): `\(line.trimmingCharacters(in: .whitespaces))`: documents are written by the console's one writer (`invocation.emit`, `Console.bytes`)")
            }
        }
        let records: Set<String> = ["JSONOutput.swift", "ACPStateStore.swift", "MetadataSchema.swift",
                                    "OAuthTokens.swift", "VaultCredentialProvider.swift", "ClientCredentials.swift",
                                    "VaultCertificateProvider.swift", "VaultContents.swift"]
        let root = packageRoot.appendingPathComponent("Sources").path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { throw CommandTestError("cannot list \(root)") }
        var read = 0
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { throw CommandTestError("cannot read \(relative)") }
            read += 1
            let name = (relative as NSString).lastPathComponent
            guard !records.contains(name) else { continue }
            for line in codeLines(String(decoding: data, as: UTF8.self)) where line.contains("JSONEncoder") {
                Issue.record("Sources/\(relative): `\(line.trimmingCharacters(in: .whitespaces))`: a printed document goes through HubCore's one writer; JSONEncoder only for a kept record (listed here)")
            }
        }
        #expect(read > 150, "the sources were not found")
    }

    /// Files and stdin are read in one place, `Runtime/InputSource.swift` (bounded, waits counted
    /// down from the deadline); a command asks `invocation.input`.
    @Test func stdinAndFilesAreReadOnlyThroughInputSource() throws {
        let forbidden = ["BoundedFile.read", "InputFile.open", "Data(contentsOf", "String(contentsOf", "contents(atPath",
                         "contentsOfDirectory", "FileHandle(", "FileHandle.standardInput", "fopen(", "Glibc.open(", "readLine()"]
        for (path, text) in try commandLayerSources() where path != "Sources/HubCLI/Runtime/InputSource.swift" {
            for line in codeLines(text) {
                for word in forbidden where line.contains(word) {
                    Issue.record("\(path): `\(word)` reads a file or stdin; read through `invocation.input` (InputSource)")
                }
            }
        }
    }

    /// What is not command-line work lives below the command layer: the ACP records (where profiles
    /// went) are ACPService's, the OAuth layer is built by HubServices from the Services' vault, and
    /// a batch's runner, scheduler and results are HubServices' batch engine.
    @Test func servicesWorkStaysInTheServices() throws {
        let forbidden = [("ACPStateStore", "the ACP records are ACPService's (`destination(given:home:)`, `install`, `InstalledProfile.all`)"),
                         ("OAuthLayer(", "the OAuth layer comes from the Services (`oauthLayer`, `requireOAuthLayer`)"),
                         ("BatchScheduler", "the batch engine is HubServices' `BatchRunner`"),
                         ("PooledTransports(", "the batch engine is HubServices' `BatchRunner`")]
        for (path, text) in try commandLayerSources() {
            for line in codeLines(text) {
                for (word, why) in forbidden where containsName(line, word) {
                    Issue.record("\(path): `\(word)`: \(why)")
                }
            }
        }
    }

    /// Sessions and credential chains are built below the command layer (HubServices) and reached
    /// through `invocation.services` (`pushBackend(_:)`, `bundleAdmin(_:)`, `apps(_:)`, …). The rule,
    /// read from the sources: no file under Sources/HubCLI/Commands/ declares a type (struct,
    /// class, enum, actor, protocol or typealias) whose name ends in Session, Source, Credentials,
    /// Vault, Login or Secrets, nor a type that conforms to CredentialProvider or
    /// CertificateProvider. (Before #49 this found six: PushBackendSession, PushVault,
    /// ServiceKeySource, BundleAdminSession, AppAdminSource, CloudFoundryLoginSource.)
    @Test func noCommandFolderDefinesASessionOrCredentialType() throws {
        let declaration = try Regex(#"^\s*(?:(?:public|internal|private|fileprivate|final)\s+)*(?:struct|class|enum|actor|protocol|typealias)\s+(\w+)([^{=]*)"#)
        let suffixes = ["Session", "Source", "Credentials", "Vault", "Login", "Secrets"]
        let conformances = ["CredentialProvider", "CertificateProvider"]
        var declarations = 0
        for (path, text) in try commandLayerSources() where path.hasPrefix("Sources/HubCLI/Commands/") {
            for line in codeLines(text) {
                guard let match = line.firstMatch(of: declaration), let name = match.output[1].substring.map(String.init) else { continue }
                declarations += 1
                let rest = match.output[2].substring.map(String.init) ?? ""
                if let suffix = suffixes.first(where: { name.hasSuffix($0) }) {
                    Issue.record("\(path): `\(name)` (a …\(suffix) type): sessions and credentials are built in HubServices and reached through `invocation.services`")
                }
                for conformance in conformances where containsName(rest[...], conformance) {
                    Issue.record("\(path): `\(name)` conforms to \(conformance): credential providers live below the command layer")
                }
            }
        }
        #expect(declarations > 60, "only \(declarations) type declarations found under Commands/: the pattern no longer matches")
    }

    /// The command line is taken apart once, before ArgumentParser, by ArgvScan.swift (each word
    /// classified from its text: plain, `--`, short, `--name[=value]`); the error format, the fast
    /// path, the argument order and the usage suggestion read its words. The rule, read from the
    /// code (comments dropped) of every other file under Sources/HubCLI: no `hasPrefix("-` (a word
    /// tested for a dash), no `"--"` literal except as the start of a name (`"--" + name`), and no
    /// walk of a raw argument list (`arguments[`, `arguments.count`, `arguments.contains(`,
    /// `arguments.firstIndex(`, `in arguments`). (Before, ErrorOutput.swift, FastPath.swift and
    /// ArgumentOrder.swift each walked argv with a rule of its own.)
    @Test func theCommandLineIsScannedOnce() throws {
        let patterns = try [#"hasPrefix\("-"#, #""--"(?!\s*\+)"#, #"\barguments(\[|\.count\b|\.contains\(|\.firstIndex\()"#, #"\bin arguments\b"#]
            .map { try Regex($0) }
        var scanHits = 0
        for (path, text) in try commandLayerSources() {
            for line in codeLines(text) where patterns.contains(where: { line.contains($0) }) {
                if path == "Sources/HubCLI/ArgvScan.swift" {
                    scanHits += 1
                } else {
                    Issue.record("\(path): `\(line.trimmingCharacters(in: .whitespaces))` reads the command line's words itself: read ArgvScan's")
                }
            }
        }
        #expect(scanHits >= 3, "the patterns no longer match ArgvScan.swift's own reading of the words")
    }

    /// `word` in `line` as a name of its own: not the end of a longer one (`requireOAuthLayer(`).
    func containsName(_ line: Substring, _ word: String) -> Bool {
        var rest = line[...]
        while let found = rest.range(of: word) {
            let before = found.lowerBound == line.startIndex ? nil : line[line.index(before: found.lowerBound)]
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = line[found.upperBound...]
        }
        return false
    }
}
