// The exact bytes of documents hubctl prints, pretty (a terminal) and compact (a pipe), one or two
// of each kind of output: a server's properties, documents with nulls always present, documents
// whose absent members are left out, dates, empty arrays and objects, escapes, the error document.
// Pinned before the outputs moved to one mechanism (JSONValue documents through HubCore's writer)
// from three (Encodable through JSONEncoder, CompactJSONWritable, JSONDocumentOutput): scripts
// read these bytes, so they must not change.

import Foundation
import HubCore
import HubServices
import HubVault
@testable import HubCLI
import Synchronization
import Testing

@Suite struct OutputBytesTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// What `emit` writes on a console whose stdout is (`pretty`) or is not a terminal.
    func emitted(pretty: Bool, _ emit: (Console) throws -> Void) throws -> String {
        let out = Mutex(Data())
        let console = Console(stdoutIsTerminal: pretty, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } }, err: { data in out.withLock { $0.append(data) } })
        try emit(console)
        return String(decoding: out.withLock { $0 }, as: UTF8.self)
    }

    func expect(_ emit: (Console) throws -> Void, compact: String, pretty: String,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try emitted(pretty: false, emit) == compact + "\n", sourceLocation: sourceLocation)
        #expect(try emitted(pretty: true, emit) == pretty + "\n", sourceLocation: sourceLocation)
    }

    @Test func settingsAsTheServerHasThem() throws {
        let output = SettingsOutput(properties: [
            "b": .int(1), "a": .string("x/y q\"\\\n\u{1}é"), "c": .array([.bool(true), .double(1.5), .double(2)]),
            "d": .null, "e": .object([:]), "f": .array([]),
        ])
        try expect({ try $0.emit(output) },
                   compact: #"{"a":"x/y q\"\\\n\u0001é","b":1,"c":[true,1.5,2],"d":null,"e":{},"f":[]}"#,
                   pretty: """
                   {
                     "a" : "x/y q\\"\\\\\\n\\u0001é",
                     "b" : 1,
                     "c" : [
                       true,
                       1.5,
                       2
                     ],
                     "d" : null,
                     "e" : {

                     },
                     "f" : [

                     ]
                   }
                   """)
    }

    @Test func acpCheckWithItsFetch() throws {
        let fetch = ACPFetchOutput(bundleId: "b2", updated: true, path: "/srv/p/current", files: 2, bytes: 10, sha256: "ab",
                                   manifest: ["K": "v"], fileExtension: "zip", source: "assigned", kind: "archive", file: nil, revision: nil)
        let output = ACPCheckOutput(appId: "app", current: nil, available: "b2", updateAvailable: true, source: "assigned",
                                    availableRevision: nil, currentRevision: nil, destination: "/srv/p", fetch: fetch)
        try expect({ try $0.emit(output) },
                   compact: #"{"appId":"app","available":"b2","availableRevision":null,"current":null,"currentRevision":null,"destination":"/srv/p","fetch":{"bundleId":"b2","bytes":10,"extension":"zip","files":2,"kind":"archive","manifest":{"K":"v"},"path":"/srv/p/current","sha256":"ab","source":"assigned","updated":true},"source":"assigned","updateAvailable":true}"#,
                   pretty: """
                   {
                     "appId" : "app",
                     "available" : "b2",
                     "availableRevision" : null,
                     "current" : null,
                     "currentRevision" : null,
                     "destination" : "/srv/p",
                     "fetch" : {
                       "bundleId" : "b2",
                       "bytes" : 10,
                       "extension" : "zip",
                       "files" : 2,
                       "kind" : "archive",
                       "manifest" : {
                         "K" : "v"
                       },
                       "path" : "/srv/p/current",
                       "sha256" : "ab",
                       "source" : "assigned",
                       "updated" : true
                     },
                     "source" : "assigned",
                     "updateAvailable" : true
                   }
                   """)
        try expect({ try $0.emit(ACPCheckOutput(appId: "app", current: "b1", available: nil, updateAvailable: false)) },
                   compact: #"{"appId":"app","available":null,"availableRevision":null,"current":"b1","currentRevision":null,"source":"assigned","updateAvailable":false}"#,
                   pretty: """
                   {
                     "appId" : "app",
                     "available" : null,
                     "availableRevision" : null,
                     "current" : "b1",
                     "currentRevision" : null,
                     "source" : "assigned",
                     "updateAvailable" : false
                   }
                   """)
    }

    @Test func statusLeavesOutWhatIsAbsent() throws {
        let output = StatusOutput(
            version: "1.0", home: "/h", configFile: "/c", config: nil, configError: "bad",
            registrations: [StatusOutput.RegistrationEntry(server: "https://s", appId: "a", user: nil, applicationConnectionId: "id",
                                                           apiVersion: "v1", anonymous: false, securityConfiguration: nil, createdAt: Self.date)],
            vault: StatusOutput.VaultFile(path: "/h/vault", exists: true), passcodePolicy: nil,
            acp: [StatusOutput.ACPProfile(appId: "a", path: "/p/current", current: nil, sha256: nil, fetchedAt: Self.date, server: nil)])
        try expect({ try $0.emit(output) },
                   compact: #"{"acp":[{"appId":"a","fetchedAt":"2023-11-14T22:13:20Z","path":"/p/current"}],"configError":"bad","configFile":"/c","home":"/h","registrations":[{"anonymous":false,"apiVersion":"v1","appId":"a","applicationConnectionId":"id","createdAt":"2023-11-14T22:13:20Z","server":"https://s"}],"vault":{"exists":true,"path":"/h/vault"},"version":"1.0"}"#,
                   pretty: """
                   {
                     "acp" : [
                       {
                         "appId" : "a",
                         "fetchedAt" : "2023-11-14T22:13:20Z",
                         "path" : "/p/current"
                       }
                     ],
                     "configError" : "bad",
                     "configFile" : "/c",
                     "home" : "/h",
                     "registrations" : [
                       {
                         "anonymous" : false,
                         "apiVersion" : "v1",
                         "appId" : "a",
                         "applicationConnectionId" : "id",
                         "createdAt" : "2023-11-14T22:13:20Z",
                         "server" : "https://s"
                       }
                     ],
                     "vault" : {
                       "exists" : true,
                       "path" : "/h/vault"
                     },
                     "version" : "1.0"
                   }
                   """)
    }

    @Test func vaultDocuments() throws {
        try expect({ try $0.emit(VaultValueOutput(key: "k", entry: VaultEntry(value: Data([0xFF]), updatedAt: Self.date))) },
                   compact: #"{"encoding":"base64","key":"k","updatedAt":"2023-11-14T22:13:20Z","value":"/w=="}"#,
                   pretty: """
                   {
                     "encoding" : "base64",
                     "key" : "k",
                     "updatedAt" : "2023-11-14T22:13:20Z",
                     "value" : "/w=="
                   }
                   """)
        try expect({ try $0.emit(VaultListOutput(entries: [])) },
                   compact: #"{"entries":[]}"#,
                   pretty: """
                   {
                     "entries" : [

                     ]
                   }
                   """)
    }

    @Test func documentsWithNullsAlwaysPresent() throws {
        try expect({ try $0.emit(LogsUploadOutput(uploaded: false, skipped: "off", platform: nil, deviceId: "d", source: "stdin", requests: 0,
                                                   lines: 0, bytes: 0, filteredLines: 0, minimumSeverity: nil, connectionLogLevel: nil)) },
                   compact: #"{"bytes":0,"connectionLogLevel":null,"deviceId":"d","filteredLines":0,"lines":0,"minimumSeverity":null,"platform":null,"requests":0,"skipped":"off","source":"stdin","uploaded":false}"#,
                   pretty: """
                   {
                     "bytes" : 0,
                     "connectionLogLevel" : null,
                     "deviceId" : "d",
                     "filteredLines" : 0,
                     "lines" : 0,
                     "minimumSeverity" : null,
                     "platform" : null,
                     "requests" : 0,
                     "skipped" : "off",
                     "source" : "stdin",
                     "uploaded" : false
                   }
                   """)
        try expect({ try $0.emit(ConfigListOutput(path: "/c.yaml", exists: false, defaultProfile: nil, current: "default", profiles: [:])) },
                   compact: #"{"current":"default","defaultProfile":null,"exists":false,"path":"/c.yaml","profiles":{}}"#,
                   pretty: """
                   {
                     "current" : "default",
                     "defaultProfile" : null,
                     "exists" : false,
                     "path" : "/c.yaml",
                     "profiles" : {

                     }
                   }
                   """)
    }

    @Test func operatorDocumentsAndTheProbeReport() throws {
        try expect({ try $0.emit(PushLocalizationsOutput(users: 2, requests: 1, localizations: ["de", "en"])) },
                   compact: #"{"localizations":["de","en"],"requests":1,"users":2}"#,
                   pretty: """
                   {
                     "localizations" : [
                       "de",
                       "en"
                     ],
                     "requests" : 1,
                     "users" : 2
                   }
                   """)
        try expect({ try $0.emit(ProbeReport(server: "https://s", appId: "a", timestamp: Self.date, steps: [], lastSuccess: nil)) },
                   compact: #"{"appId":"a","durationSeconds":0,"lastSuccess":null,"server":"https://s","steps":[],"success":true,"timestamp":"2023-11-14T22:13:20.000Z"}"#,
                   pretty: """
                   {
                     "appId" : "a",
                     "durationSeconds" : 0,
                     "lastSuccess" : null,
                     "server" : "https://s",
                     "steps" : [

                     ],
                     "success" : true,
                     "timestamp" : "2023-11-14T22:13:20.000Z"
                   }
                   """)
    }

    @Test func theErrorDocument() throws {
        let text = try emitted(pretty: true) { $0.emitError(HubError(.noInput, code: .notRegistered, "Not \"registered\" / here.", status: 404)) }
        #expect(text == #"{"error":{"code":"not_registered","message":"Not \"registered\" / here.","status":404}}"# + "\n")
    }
}
