// What the `app` commands share: the Cloud Foundry and Admin API flags (one option group, whose
// plain value is HubServices' `AppAdminSource`: the credential chain and the operations are built
// from it below, `services.apps(_:)`), and the key files they write (0600, atomically, never over
// an existing file). The protocol is HubServices' `MobileServicesApps` (docs/protocol.md §17).

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices

struct AppAdminOptions: ParsableArguments {
    @Option(name: .customLong("cf-api"), help: ArgumentHelp("The Cloud Foundry API (https://api.cf.<landscape>); default: cf's target.", valueName: "url"))
    var cfAPI: String?
    @Option(name: .customLong("org"), help: ArgumentHelp("The Cloud Foundry organization, by name; default: cf's targeted org.", valueName: "name"))
    var org: String?
    @Option(name: .customLong("space"), help: ArgumentHelp("The Cloud Foundry space, by name; default: cf's targeted space.", valueName: "name"))
    var space: String?
    @Option(name: .customLong("admin-api"), help: ArgumentHelp("The Admin API base (the instance's \"Admin API\" link, …/cockpit/v1/org/<guid>/space/<guid>); else HUBCTL_ADMIN_API or the profile's admin-api; else derived from the instance's dashboard, the offering, then cf's target (warned).", valueName: "url"))
    var adminAPI: String?
    @Option(name: .customLong("cf-token-file"), help: ArgumentHelp("A file holding the CF user's access token ('bearer ' optional; '-': stdin); also HUBCTL_CF_TOKEN. It is not refreshed.", valueName: "file"), completion: .file())
    var cfTokenFile: String?
    @Option(name: .customLong("cf-password-file"), help: ArgumentHelp("The password of the user HUBCTL_CF_USERNAME (or the profile's cf-username) names (a technical user's password grant; '-': stdin).", valueName: "file"), completion: .file())
    var cfPasswordFile: String?
    @Option(name: .customLong("cf-origin"), help: ArgumentHelp("The identity provider of HUBCTL_CF_USERNAME (login_hint origin).", valueName: "origin"))
    var cfOrigin: String?
    @Option(name: .customLong("admin-user"), help: ArgumentHelp("Basic authentication on the Admin API instead of the CF token: the user.", valueName: "user"))
    var adminUser: String?
    @Option(name: .customLong("admin-password-file"), help: ArgumentHelp("The --admin-user's password ('-': stdin).", valueName: "file"), completion: .file())
    var adminPasswordFile: String?

    var value: AppAdminSource {
        AppAdminSource(cfAPI: cfAPI, org: org, space: space, adminAPI: adminAPI, cfTokenFile: cfTokenFile, cfPasswordFile: cfPasswordFile,
                       cfOrigin: cfOrigin, adminUser: adminUser, adminPasswordFile: adminPasswordFile)
    }
}

/// Where a key or settings file goes: stdout, or a new file (0600, written whole, never over an
/// existing file: hubctl cannot tell whether it made one it finds), written pretty by the
/// console's one writer (`Console.bytes`), as stdout gets it on a terminal.
enum AppOutFile {
    /// `made` names what the server made (a write-once key) for the message when the file cannot be written.
    static func write(_ document: some JSONDocument, to out: String?, made: String? = nil, _ invocation: Invocation) throws {
        guard let out, out != "-" else { try invocation.emit(document); return }
        let data = Data(try Console.bytes(of: document, pretty: true))
        do {
            try AtomicFile.writeNew(data, to: out, mode: 0o600)
        } catch let error as HubError {
            guard let made else { throw error }
            throw HubError(error.kind, code: error.code, "\(made) was created on the server, but \(out) could not be written (\(error.message)); its only copy is lost: make a new one.")
        }
    }

    /// The --out path checked before anything is sent, so that a write-once key is never made
    /// when its file cannot be written: no entry of any kind is at the path (`lstat`, so a
    /// symbolic link, even a dangling one, is found: `writeNew`'s link(2) would refuse it after the
    /// key was made), and its directory exists and can be written.
    static func check(_ out: String?) throws {
        guard let out, out != "-" else { return }
        guard !out.isEmpty else { throw HubError.usage("--out is empty.") }
        var entry = stat()
        if lstat(out, &entry) == 0 {
            throw HubError(.cannotCreate, code: .cannotCreate, "\(out) exists (\(describe(entry.st_mode))); hubctl writes a key only to a new file. Remove it or choose another --out. Nothing was sent.")
        }
        let dir = (out as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &isDir), isDir.boolValue else {
            throw HubError(.cannotCreate, code: .notADirectory, "The directory of --out \(out) does not exist. Nothing was sent.")
        }
        guard access(dir.isEmpty ? "." : dir, W_OK | X_OK) == 0 else {
            throw HubError(.cannotCreate, code: .cannotCreate, "hubctl cannot create files in the directory of --out \(out) (\(String(cString: strerror(errno)))). Nothing was sent.")
        }
    }

    /// What an entry found at --out is, for the message.
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symbolic link; hubctl does not follow one, dangling or not"
        case S_IFDIR: "a directory"
        case S_IFREG: "a file"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a device or other special file"
        }
    }
}

extension MobileServicesApps.IfExists: ExpressibleByArgument {}

/// An app as `app list` and `app show` print it: the Admin API's app joined with its instance.
struct AppOutput: JSONDocument {
    var appId: String
    var instance: CloudFoundryInstance?
    var app: MobileServicesApp?

    var json: JSONValue {
        .object([
            "appId": .string(appId), "displayName": JSONValue(app?.displayName),
            "features": app.map { .strings($0.features) } ?? .null,
            "inAdminAPI": .bool(app != nil),
            "instance": instance.map { AppInstanceOutput(instance: $0, withOperation: true).json } ?? .null,
            "createdAt": JSONValue(instance?.createdAt), "state": JSONValue(instance?.state),
            "labels": instance.map { .object($0.labels.mapValues(JSONValue.string)) } ?? .null,
        ])
    }
}

/// An app's mobile-services instance, written once for `app list|show` (in an `AppOutput`) and
/// `app create`.
struct AppInstanceOutput: JSONDocument {
    var instance: CloudFoundryInstance
    /// `app list|show` give the last operation (null when none); `app create` leaves it out.
    var withOperation: Bool

    var json: JSONValue {
        let i = instance
        return .members([
            "guid": .string(i.guid), "createdAt": JSONValue(i.createdAt), "state": JSONValue(i.state),
            "operation": withOperation ? JSONValue(i.operation) : nil,
            "labels": .object(i.labels.mapValues(JSONValue.string)), "dashboardUrl": JSONValue(i.dashboardURL),
        ])
    }
}
