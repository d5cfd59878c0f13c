// Where the vault's secret comes from: flag, environment, or a no-echo prompt; never argv.

import Foundation
import HubConfig
import HubCore
import HubVault
#if canImport(Glibc)
import Glibc
#endif

/// Resolves the secret that opens (or creates) the vault, in this order:
/// `--vault-passphrase-file` (first line), `HUBCTL_VAULT_KEY` (base64 of 32 bytes),
/// `HUBCTL_VAULT_PASSPHRASE`, then a no-echo prompt when prompting is allowed.
/// When the vault exists, a source of the kind its header names is preferred, so a CI job
/// that sets both variables opens either kind of vault.
struct VaultSecrets {
    let invocation: Invocation

    /// The secret for the current vault. `confirm` asks a prompt twice (creating a vault);
    /// `prompt: false` never asks (a cache that is not worth a question: `vault_secret_missing`).
    func current(preferring kind: VaultSecret.Kind?, confirm: Bool = false, prompt mayAsk: Bool = true) throws -> VaultSecret {
        let fromFile = try invocation.global.vaultPassphraseFile.map { try passphrase(fromFile: $0, flag: "--vault-passphrase-file") }
        let fromKey = try key(.vaultKey)
        let fromEnv = passphrase(.vaultPassphrase)
        let candidates = [fromFile, fromKey, fromEnv].compactMap { $0 }
        if let kind, let match = candidates.first(where: { $0.kind == kind }) { return match }
        if let first = candidates.first { return first }
        if mayAsk && invocation.mayPrompt {
            return try prompt(confirm ? "New vault passphrase: " : "Vault passphrase: ", confirm: confirm)
        }
        throw HubError.config("No vault passphrase given. Set HUBCTL_VAULT_PASSPHRASE, pass --vault-passphrase-file PATH, or set HUBCTL_VAULT_KEY (base64 of 32 bytes, for CI); or run on a terminal to be prompted.",
                              code: .vaultSecretMissing)
    }

    /// The secret that opens `store` (asked twice when the vault is yet to be made), nil when none
    /// can be had: for what a vault only keeps beside the command (credentials, tokens, a cache),
    /// which goes on without it. `prompt: false` never asks.
    func available(for store: VaultStore, prompt: Bool = true) throws -> VaultSecret? {
        do { return try current(preferring: try store.storedSecretKind(), confirm: !store.exists, prompt: prompt) }
        catch let e as HubError where e.code == .vaultSecretMissing { return nil }
    }

    /// The new secret for `vault rekey`: `--new-passphrase-file`, `HUBCTL_VAULT_NEW_PASSPHRASE`,
    /// `HUBCTL_VAULT_NEW_KEY` (to move to or rotate a raw key), or a prompt asked twice.
    func new(passphraseFile: String?) throws -> VaultSecret {
        if let passphraseFile { return try passphrase(fromFile: passphraseFile, flag: "--new-passphrase-file") }
        if let secret = passphrase(.vaultNewPassphrase) { return secret }
        if let secret = try key(.vaultNewKey) { return secret }
        if invocation.mayPrompt { return try prompt("New vault passphrase: ", confirm: true) }
        throw HubError.config("No new vault passphrase given. Pass --new-passphrase-file PATH or set HUBCTL_VAULT_NEW_PASSPHRASE (or HUBCTL_VAULT_NEW_KEY for a raw key); or run on a terminal to be prompted.",
                              code: .vaultSecretMissing)
    }

    private func passphrase(_ setting: GlobalSetting) -> VaultSecret? {
        guard let value = SecretValues.registered(invocation.value(of: setting)) else { return nil }
        return .passphrase(Array(value.utf8))
    }

    private func key(_ setting: GlobalSetting) throws -> VaultSecret? {
        guard let value = invocation.value(of: setting), let variable = setting.environment else { return nil }
        guard let secret = VaultSecret.rawKey(base64: value) else {
            throw HubError.config("\(variable) must be exactly 32 bytes, given as base64 (create one with `openssl rand -base64 32`).",
                                  code: .invalidVaultKey)
        }
        return secret
    }

    /// The first line of a file (without its line ending), as the passphrase.
    private func passphrase(fromFile path: String, flag: String) throws -> VaultSecret {
        // Only the first line counts; the cap keeps a wrong path (a device, a huge file) from being
        // read whole, and a pipe (`<(pass show …)`) is waited for until the deadline, no longer.
        let read: Data?
        do throws(BoundedFile.Failure) { read = try invocation.input.readFile(path, limit: 1 << 20, until: invocation.deadline) } catch .timedOut {
            throw HubError(.temporary, code: .timeout, "\(path) given with \(flag) gave no passphrase before the deadline (a FIFO nobody writes to, or a command that does not end).")
        } catch { read = nil }
        guard let data = read else {
            throw HubError.noInput("Cannot read \(path) given with \(flag). Check that the file exists and is readable.", code: .fileNotFound)
        }
        var line = Array(data.prefix(while: { $0 != 0x0A }))
        if line.last == 0x0D { line.removeLast() }
        guard !line.isEmpty else {
            throw HubError.usage("The first line of \(path) (given with \(flag)) is empty. Put the passphrase on the first line.", code: .emptyPassphrase)
        }
        SecretValues.register(String(decoding: line, as: UTF8.self))
        return .passphrase(line)
    }

    /// Reads a passphrase from the terminal with echo off; `confirm` asks twice and compares.
    private func prompt(_ label: String, confirm: Bool) throws -> VaultSecret {
        let first = try invocation.context.readSecret(label, until: invocation.deadline)
        if confirm {
            let second = try invocation.context.readSecret("Repeat it: ", until: invocation.deadline)
            guard VaultSecret.passphrase(first).matches(.passphrase(second)) else {
                throw HubError.usage("The two passphrases differ. Run the command again.", code: .passphraseMismatch)
            }
        }
        guard !first.isEmpty else {
            throw HubError.usage("The vault passphrase is empty. Give a non-empty passphrase.", code: .emptyPassphrase)
        }
        return .passphrase(first)
    }
}

/// The terminal settings to put back if the user interrupts a prompt; a signal handler cannot
/// capture context, so it lives here. Written only before the handler is installed.
nonisolated(unsafe) private var promptSavedTermios = termios()

/// No-echo line input on the controlling terminal (stdin), as `read -s` does.
enum Terminal {
    /// Reads one line from stdin with echo off when it is a terminal; nil at the end of input.
    /// `prompt` is shown once echo is off: typed in answer to it, nothing echoes or is flushed.
    /// Waits no longer than `until` (`.timedOut`), echo put back either way.
    static func readLineWithoutEcho(until: ContinuousClock.Instant?, prompt: () -> Void = {}) throws(BoundedFile.Failure) -> [UInt8]? {
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        var previousHandlers: [Int32: sighandler_t?] = [:]
        if haveTerminal {
            promptSavedTermios = saved
            // Ctrl-C (or a kill) while echo is off must not leave the user's terminal silent.
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                previousHandlers[sig] = signal(sig) { sig in
                    _ = tcsetattr(STDIN_FILENO, TCSANOW, &promptSavedTermios)
                    _exit(128 + sig)
                }
            }
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            // TCSANOW, not TCSAFLUSH: input typed already is the answer, not noise to discard.
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        prompt()
        defer {
            if haveTerminal {
                // TCSADRAIN: what is typed after the secret (an answer to the next prompt) is kept.
                _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &saved)
                for (sig, handler) in previousHandlers { signal(sig, handler ?? SIG_DFL) }
            }
        }
        // Through stdin's one buffer (what a line read before left in it is what was typed next).
        // A secret line is short; what is past the bound is read and dropped, never kept.
        return try StandardInputBuffer.readLine(limit: StandardInput.maximumLineBytes, until: until)
            .map { Array($0.prefix(StandardInput.maximumLineBytes)) }
    }
}
