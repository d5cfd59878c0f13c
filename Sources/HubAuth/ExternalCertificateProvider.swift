// A certificate provider that is an external program (docs/security.md §7): run it with `get`/`delete`, read JSON from stdout.

import Foundation
import HubCore
import HubTransport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a provider program the way git credential helpers and kubectl exec plugins are run.
///
/// - The command is split on white space into words, with no shell: no quoting, globbing, variables
///   or pipes, so nothing in a configuration value is ever interpreted. The first word is the program
///   (a path, or a name looked up in PATH); the others come before the verb (`get` or `delete`).
///   For anything fancier, point it at a script.
/// - Parameters go in the environment (`HUBCTL_PROVIDER_OPERATION`, `HUBCTL_SERVER`, `HUBCTL_APP_ID`,
///   `HUBCTL_USER`, …), never in argv. hubctl's own secrets (passwords, vault and key passphrases)
///   are removed from the environment the program inherits.
/// - stdin and stderr are inherited (it may prompt when provisioning); stdout is read, at most 1 MiB.
/// - It must finish within `timeout` seconds; then it is sent SIGTERM, and SIGKILL 2 s later.
///
/// Errors: program not found or not executable 78 (`cert_provider_not_found`); non-zero exit 69
/// (`cert_provider_failed`); past the time limit 69 (`cert_provider_timeout`); output that is not
/// the JSON document 69 (`cert_provider_invalid_output`). Messages never quote the output.
public final class ExternalCertificateProvider: CertificateProvider {
    public let providerId: String
    public var canDelete: Bool { true }
    let executable: String
    let leadingArguments: [String]
    let environment: [String: String]
    let timeout: Double

    /// Variables never passed on to a provider program: hubctl's secrets.
    static let withheldVariables: Set<String> = [
        "HUBCTL_PASSWORD", "HUBCTL_VAULT_PASSPHRASE", "HUBCTL_VAULT_KEY", "HUBCTL_VAULT_NEW_PASSPHRASE",
        "HUBCTL_VAULT_NEW_KEY", "HUBCTL_PKCS12_PASSPHRASE", "HUBCTL_KEY_PASSPHRASE",
    ]
    static let maximumOutput = 1 << 20

    /// `command` as configured (--cert-provider / HUBCTL_CERT_PROVIDER); `parameters` become
    /// environment variables on top of `environment` (hubctl's own, secrets withheld).
    public init(command: String, parameters: [String: String], environment: [String: String], timeout: Double) throws {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let program = words.first else {
            throw HubError.config("The certificate provider command is empty. Give a program with --cert-provider or HUBCTL_CERT_PROVIDER.",
                                  code: .certProviderNotFound)
        }
        executable = try Self.resolve(program, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        leadingArguments = Array(words.dropFirst())
        providerId = (program as NSString).lastPathComponent
        var env = environment.filter { !Self.withheldVariables.contains($0.key) }
        for (k, v) in parameters { env[k] = v }
        self.environment = env
        self.timeout = timeout
    }

    /// The program's path: as given when it has a slash, else the first executable match in PATH.
    static func resolve(_ program: String, path: String) throws -> String {
        let candidates = program.contains("/") ? [program]
            : path.split(separator: ":").map { ($0.isEmpty ? "." : String($0)) + "/" + program }
        for candidate in candidates where access(candidate, X_OK) == 0 {
            var st = stat()
            if stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        throw HubError.config("The certificate provider program '\(program)' was not found or is not executable"
                              + (program.contains("/") ? "" : " in PATH")
                              + ". Check --cert-provider / HUBCTL_CERT_PROVIDER (a program path, no shell syntax; `vault` is the built-in provider).",
                              code: .certProviderNotFound)
    }

    public func storedCertificate() throws -> ClientCertificate? {
        let output = try run("get")
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return nil }  // exit 0 and nothing printed: no certificate stored
        let document: CertificateDocument
        do {
            document = try JSONDecoder().decode(CertificateDocument.self, from: Data(text.utf8))
        } catch {
            throw invalidOutput("it is not a JSON object with string fields")
        }
        return try document.clientCertificate(invalid: invalidOutput)
    }

    public func deleteStoredCertificate() throws {
        _ = try run("delete")
    }

    private func invalidOutput(_ reason: String) -> HubError {
        HubError(.unavailable, code: .certProviderInvalidOutput,
                 "The certificate provider '\(providerId)' printed an answer to `get` that hubctl cannot use: \(reason). "
                 + "It must print {\"certificate\": PEM, \"key\": PEM} or {\"pkcs12\": base64, \"passphrase\": …}, or nothing when it has no certificate; fix the provider.")
    }

    // MARK: - Running the program

    /// Collects stdout on a background thread; the mutex makes the hand-over to the caller safe.
    private final class OutputCollector: Sendable {
        private let output = Mutex((data: Data(), overflow: false))
        private let done = DispatchSemaphore(value: 0)

        func read(_ handle: FileHandle, limit: Int) {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { output in
                    if output.data.count + chunk.count > limit { output.overflow = true } else { output.data.append(chunk) }
                }
            }
            done.signal()
        }
        func waitForEnd(until deadline: DispatchTime) -> Bool { done.wait(timeout: deadline) == .success }
        var result: (Data, Bool) { output.withLock { ($0.data, $0.overflow) } }
    }

    func run(_ verb: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = leadingArguments + [verb]
        var env = environment
        env["HUBCTL_PROVIDER_OPERATION"] = verb
        process.environment = env
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.standardInput
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw HubError.config("The certificate provider '\(providerId)' could not be started (\(error.localizedDescription)). Check that \(executable) is an executable program.",
                                  code: .certProviderNotFound)
        }
        try? stdout.fileHandleForWriting.close()
        let collector = OutputCollector()
        let reader = stdout.fileHandleForReading
        Thread.detachNewThread { collector.read(reader, limit: Self.maximumOutput) }

        let deadline = DispatchTime.now() + timeout
        if exited.wait(timeout: deadline) == .timedOut {
            let pid = process.processIdentifier
            process.terminate()
            if exited.wait(timeout: .now() + 2) == .timedOut { kill(pid, SIGKILL); _ = exited.wait(timeout: .now() + 2) }
            throw timedOut(verb)
        }
        // The program is gone; a child it left behind may still hold stdout open, so do not wait for ever.
        guard collector.waitForEnd(until: max(deadline, .now() + 1)) else { throw timedOut(verb) }
        let (output, overflow) = collector.result

        if process.terminationReason == .uncaughtSignal {
            throw HubError(.unavailable, code: .certProviderFailed,
                           "The certificate provider '\(providerId)' was killed by signal \(process.terminationStatus) during `\(verb)`. Check the provider (its messages are above).")
        }
        guard process.terminationStatus == 0 else {
            throw HubError(.unavailable, code: .certProviderFailed,
                           "The certificate provider '\(providerId)' failed during `\(verb)` (exit status \(process.terminationStatus)). Its messages, if any, are above; fix the provider or its configuration.")
        }
        guard !overflow else { throw invalidOutput("it printed more than 1 MiB") }
        return output
    }

    private func timedOut(_ verb: String) -> HubError {
        HubError(.unavailable, code: .certProviderTimeout,
                 "The certificate provider '\(providerId)' did not finish `\(verb)` within \(TransportSupport.formatSeconds(timeout)) and was stopped. "
                 + "Check the provider; a slow one may be given longer with HUBCTL_CERT_PROVIDER_TIMEOUT (seconds).")
    }
}
