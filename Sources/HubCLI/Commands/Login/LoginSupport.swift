// What `hubctl login` needs beside the OAuth2 exchange (docs/protocol.md §14): a browser to open.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

/// Opens a URL in a browser: `$BROWSER` (a program, split on spaces, no shell; the URL as its last
/// argument), else `xdg-open`. Not waited for: a browser may keep running. Its output goes to stderr.
struct BrowserOpener {
    let environment: [String: String]

    func open(_ url: String, console: Console) -> Bool {
        var command: [String]
        if let browser = environment["BROWSER"]?.trimmingCharacters(in: .whitespaces), !browser.isEmpty {
            command = browser.split(separator: " ").map(String.init)
        } else if let opener = Self.find("xdg-open", path: environment["PATH"]) {
            command = [opener]
        } else {
            return false
        }
        var program = command.removeFirst()
        if !program.contains("/") {
            guard let found = Self.find(program, path: environment["PATH"]) else { return false }
            program = found
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = command + [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do { try process.run() } catch { return false }
        return true
    }

    static func find(_ name: String, path: String?) -> String? {
        for dir in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
