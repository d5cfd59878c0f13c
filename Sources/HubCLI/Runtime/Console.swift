// Standard output and standard error as a command sees them: the one JSON document, the error
// document, and the human lines (warnings, --verbose, progress). Only the command layer writes.

import Foundation
import HubConfig
import HubCore
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error as a command sees them. Tests can substitute sinks.
public final class Console: Sendable {
    public let stdoutIsTerminal: Bool
    public let stderrIsTerminal: Bool
    /// Colour on stderr only on a terminal, without NO_COLOR, and with TERM other than dumb.
    public let colorEnabled: Bool
    /// `HUBCTL_ERROR_FORMAT` as the process was given it (nil when unset or empty).
    public let errorFormatVariable: String?
    /// The process's standard output (descriptor 1) is where `emit` and `writeRaw` go; false for a
    /// console whose output a test or a batch captures.
    public let writesToProcessStdout: Bool
    private let writeOut: @Sendable (Data) -> Void
    private let writeErr: @Sendable (Data) -> Void
    private let lock = NSLock()

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        colorEnabled = stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        errorFormatVariable = GlobalSetting.errorFormat.value(in: environment)
        writeOut = { data in FileHandle.standardOutput.write(data) }
        writeErr = { data in FileHandle.standardError.write(data) }
        writesToProcessStdout = true
    }

    public init(stdoutIsTerminal: Bool, stderrIsTerminal: Bool, colorEnabled: Bool = false, errorFormatVariable: String? = nil,
                out: @escaping @Sendable (Data) -> Void, err: @escaping @Sendable (Data) -> Void) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.colorEnabled = colorEnabled
        self.errorFormatVariable = errorFormatVariable
        self.writeOut = out
        self.writeErr = err
        writesToProcessStdout = false
    }

    /// Writes the command's one JSON document: pretty on a terminal, one line otherwise.
    public func emit(_ document: some JSONDocument) throws {
        let bytes = try Self.bytes(of: document, pretty: stdoutIsTerminal)
        lock.lock(); defer { lock.unlock() }
        writeOut(Data(bytes))
    }

    /// A document's bytes as `emit` writes them, final newline included: HubCore's one writer, for
    /// stdout and for the files a command writes instead (`app key create --out`).
    public static func bytes(of document: some JSONDocument, pretty: Bool) throws -> [UInt8] {
        var bytes = try document.json.written(pretty: pretty)
        bytes.append(0x0A)
        return bytes
    }

    /// Plain text on stdout (help pages), with a final newline.
    public func write(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        lock.lock(); defer { lock.unlock() }
        writeOut(Data(line.utf8))
    }

    /// Bytes on stdout as they are (`batch` writes its NDJSON results with this).
    public func writeRaw(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        writeOut(data)
    }

    /// Writes an error on stderr: the error document (always one line, so `2>err.json` stays
    /// parseable), or for a person the `hubctl: error:` line and its hint (ErrorOutput.swift).
    /// Either way its text passes through `MessageText` (HubCore/SecretValues.swift): every secret
    /// value hubctl holds redacted, control characters a server put in it shown as `\xNN`.
    public func emitError(_ error: HubError, format: ErrorFormat = .json) {
        var data: Data
        switch format {
        case .json:
            var shown = error
            shown.message = MessageText.json(error.message)
            data = Data(((try? ErrorDocument(shown).json.written(pretty: false)) ?? []) + [0x0A])
        case .text:
            data = Data(ErrorText.render(error, color: colorEnabled).utf8)
        }
        lock.lock(); defer { lock.unlock() }
        writeErr(data)
    }

    /// A human line on stderr: warnings, verbose logs, progress. Secrets redacted, control
    /// characters shown as `\xNN` (`MessageText.line`): a line quotes what servers said.
    public func note(_ line: String) {
        writeLine(label: "", line)
    }

    /// Raw bytes on stderr (progress bars redraw with \r).
    public func rawErr(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        writeErr(Data(text.utf8))
    }

    public func warning(_ message: String) {
        writeLine(label: colorEnabled ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: ", message)
    }

    /// `label` (hubctl's own, colour codes included) and `text` as one line shown safely.
    private func writeLine(label: String, _ text: String) {
        let data = Data((label + MessageText.line(text) + "\n").utf8)
        lock.lock(); defer { lock.unlock() }
        writeErr(data)
    }
}
