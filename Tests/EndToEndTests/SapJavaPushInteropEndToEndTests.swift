// SAP's own Java push client (SAP/java-integration-for-sap-mobile-services, built from
// ../shared/peers/sap-java-push by its build.sh) against hubctl-emulator's Notification Backend API
// (docs/protocol.md §16). Tests/Interop/SapJavaPush/Driver.java builds SAP's PushClient with SAP's
// PushClientBuilder from each kind of credentials SAP reads (settings file with an API key, the same
// with a path after the host, a service binding, a shared-tenant binding, an x509 binding behind
// nginx's mutual TLS, a settings file whose key carries `uaa`), calls every public method of SAP's
// PushClient interface and the refusals, and checks each outcome against what SAP's API promises.
// This suite runs the driver for each kind and then checks what the emulator recorded as delivered.
// Without the peer (a clone of the project alone) the suite is skipped, saying why.
import Foundation
import Testing

enum SapJavaPush {
    /// The package root (this file is Tests/EndToEndTests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `<package root>/../shared/peers/sap-java-push`, or HUBCTL_SAP_JAVA_PUSH_DIR when set.
    static let peer: String = ProcessInfo.processInfo.environment["HUBCTL_SAP_JAVA_PUSH_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/peers/sap-java-push").path
    static var isPresent: Bool { FileManager.default.fileExists(atPath: peer + "/build.sh") }
    static let interfaceSource = peer + "/upstream/java-integration-for-sap-mobile-services/client/src/main/java/com/sap/mobile/services/client/push/PushClient.java"
    static let driverSource = packageRoot.appendingPathComponent("Tests/Interop/SapJavaPush/Driver.java").path
    /// Where build.sh compiles SAP's client (reused while its sources are unchanged).
    static let buildDir = packageRoot.appendingPathComponent(".build/sap-java-push").path

    /// The credentials the driver configures on the emulator (control API) and authenticates with.
    /// They reach the driver through its environment only.
    static let apiKey = "sap-interop-api-key-3b7e9d"
    static let clientId = "sap-interop-client"
    static let clientSecret = "sap-interop-client-secret-c41f08"
    static let tenant = "tenant-interop-7"

    struct Built: Sendable {
        let classpath: String
        let driver: TempDir
    }

    /// SAP's client (build.sh) and the driver (javac), built once per test process.
    private static let built: Result<Built, any Error> = Result {
        let script = try EndToEndTests.run("/bin/bash", [peer + "/build.sh", buildDir], timeout: 900)
        guard script.status == 0 else { throw HarnessError("\(peer)/build.sh failed: \(script.err)") }
        let classpath = try String(contentsOfFile: buildDir + "/classpath", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let out = TempDir("sap-driver")
        let javac = try EndToEndTests.run("/usr/bin/env", ["javac", "-nowarn", "-encoding", "UTF-8", "-cp", classpath,
                                                           "-d", out.path, driverSource], timeout: 300)
        guard javac.status == 0 else { throw HarnessError("javac of \(driverSource) failed: \(javac.err)") }
        atexit { if case .success(let b) = SapJavaPush.built { try? FileManager.default.removeItem(atPath: b.driver.path) } }
        return Built(classpath: classpath, driver: out)
    }

    static func build() throws -> Built { try built.get() }

    /// One run of the driver: its process result and its JSON lines.
    struct DriverRun: CustomStringConvertible {
        let result: RunResult
        let lines: [[String: Any]]
        var checks: [[String: Any]] { lines.filter { $0["call"] as? String != "PushClient coverage" } }
        var coverage: [String: Any]? { lines.last { $0["call"] as? String == "PushClient coverage" } }
        var failures: [String] {
            checks.filter { $0["ok"] as? Bool != true }.map {
                "\($0["call"] ?? "?") [\($0["case"] ?? "")]: \($0["detail"] ?? "")"
            }
        }
        var description: String {
            // The driver's stderr (SAP's logs, stack traces of expected refusals) only when it stopped early.
            "exit \(result.status)\nfailed checks:\n\(failures.joined(separator: "\n"))\ncoverage: \(coverage?["detail"] ?? "none")"
                + (coverage == nil ? "\nstderr (end): \(String(result.err.suffix(3000)))" : "")
        }
    }

    /// Runs `java Driver ARGS`; `environment` carries the secrets, `jvm` options go before -cp.
    static func drive(_ arguments: [String], environment: [String: String] = [:], jvm: [String] = []) throws -> DriverRun {
        let built = try build()
        let r = try EndToEndTests.run("/usr/bin/env", ["java"] + jvm + ["-cp", built.driver.path + ":" + built.classpath, "Driver"] + arguments,
                                      environment: environment, timeout: 300)
        let lines = r.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return DriverRun(result: r, lines: lines)
    }

    /// The public methods PushClient.java declares, as `name(SimpleType,…)` (generics dropped), read
    /// from SAP's source: comments removed, only the interface's own level kept (default methods'
    /// bodies dropped), static methods left out (reflection over instances does not list them).
    static func declaredMethods(_ source: String) -> Set<String> {
        var text = source.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"//[^\n]*"#, with: " ", options: .regularExpression)
        var depth = 0
        var top = ""
        for ch in text {
            switch ch {
            case "{":
                depth += 1
                if depth == 2 { top.append(";") }
            case "}":
                depth -= 1
            default:
                if depth == 1 { top.append(ch) }
            }
        }
        var methods = Set<String>()
        for statement in top.split(separator: ";").map(String.init) where statement.contains("(") {
            let words = statement.split(whereSeparator: { $0.isWhitespace || $0 == "(" })
            if words.contains("static") { continue }
            guard let open = statement.firstIndex(of: "("), let close = statement.lastIndex(of: ")") else { continue }
            let name = statement[..<open].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
            var params = String(statement[statement.index(after: open)..<close])
            while let r = params.range(of: #"<[^<>]*>"#, options: .regularExpression) { params.removeSubrange(r) }
            let types = params.split(separator: ",").compactMap { p -> String? in
                let tokens = p.split(whereSeparator: { $0.isWhitespace }).filter { $0 != "final" && !$0.hasPrefix("@") }
                guard tokens.count >= 2 else { return nil }
                return tokens[tokens.count - 2].split(separator: ".").last.map(String.init)
            }
            methods.insert("\(name)(\(types.joined(separator: ",")))")
        }
        return methods
    }

    // MARK: What the devices received

    /// `GET /_emulator/push/notifications`'s notifications.
    static func notifications(_ emu: Emulator) throws -> [[String: Any]] {
        let answer = try emu.control("GET", "/_emulator/push/notifications")
        #expect(answer.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return try #require(document["notifications"] as? [[String: Any]], "\(String(decoding: answer.body, as: UTF8.self))")
    }

    /// The notification whose root payload has this alert.
    static func record(_ records: [[String: Any]], rootAlert: String) -> [String: Any]? {
        records.first { ($0["notification"] as? [String: Any])?["alert"] as? String == rootAlert }
    }

    /// What one device got of a notification.
    static func received(_ record: [String: Any]?, _ deviceId: String) -> [String: Any]? {
        (record?["devices"] as? [[String: Any]])?.first { $0["deviceId"] as? String == deviceId }?["notification"] as? [String: Any]
    }

    static func devices(_ record: [String: Any]?) -> [String] {
        ((record?["devices"] as? [[String: Any]]) ?? []).compactMap { $0["deviceId"] as? String }.sorted()
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips a test, saying why, when SAP's Java push client (the peer) is not there.
    static var needsSapJavaPush: Self {
        .enabled(if: SapJavaPush.isPresent,
                 "SAP's Java push client (../shared/peers/sap-java-push beside the project, or HUBCTL_SAP_JAVA_PUSH_DIR) is absent")
    }
}

@Suite(.serialized, .needsSapJavaPush) struct SapJavaPushInteropEndToEndTests {
    typealias S = SapJavaPush

    /// Every check passed, every method was called, and no secret was printed.
    private func expectPassed(_ run: S.DriverRun, secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.failures.isEmpty && run.result.status == 0, "\(run)", sourceLocation: sourceLocation)
        // 30 checks in the binding modes, 31 with an API key (two 401 cases): none may go missing.
        #expect(run.checks.count >= 30, "only \(run.checks.count) checks ran: \(run)", sourceLocation: sourceLocation)
        let coverage = run.coverage
        #expect(coverage?["ok"] as? Bool == true && (coverage?["notCalled"] as? [String]) == [],
                "\(coverage?["detail"] ?? "no coverage line")", sourceLocation: sourceLocation)
        #expect(Set((coverage?["called"] as? [String]) ?? []) == Set((coverage?["methods"] as? [String]) ?? ["?"]),
                "\(coverage?["detail"] ?? "no coverage line")", sourceLocation: sourceLocation)
        for secret in secrets {
            #expect(!run.result.out.contains(secret) && !run.result.err.contains(secret),
                    "a secret appears in the driver's output", sourceLocation: sourceLocation)
        }
    }

    /// What every mode's sends must have delivered (the driver's texts; docs/protocol.md §16.1–16.4).
    private func expectDeliveries(_ emu: Emulator, tenant: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let records = try S.notifications(emu)
        // 15 sends reach devices (2 application, 2 device, 3 users, 2 group, 2 bulk, 2 capability,
        // 2 topics); the refusals record nothing.
        #expect(records.count == 15, "\(records.map { $0["notificationType"] ?? "?" })", sourceLocation: sourceLocation)
        for r in records {
            #expect((r["tenant"] as? String) == tenant, "tenant of \(r["notificationType"] ?? "?"): \(r["tenant"] ?? "nil")",
                    sourceLocation: sourceLocation)
            for d in (r["devices"] as? [[String: Any]]) ?? [] {
                #expect(d["pushToken"] as? String == "token-" + (d["deviceId"] as? String ?? "?"), "\(d)", sourceLocation: sourceLocation)
            }
        }

        // Every device, SAP's `data` a JSON string, `custom`, the provider members.
        let everyone = S.record(records, rootAlert: "to everyone")
        #expect(S.devices(everyone) == ["alice-phone", "alice-tablet", "bob-phone", "carol-phone"], sourceLocation: sourceLocation)
        let bob = S.received(S.record(records, rootAlert: "to bob-phone"), "bob-phone")
        #expect(bob?["data"] as? String == #"{"order":"42"}"#, "data: \(bob?["data"] ?? "absent")", sourceLocation: sourceLocation)
        #expect((bob?["custom"] as? [String: Any])?["kind"] as? String == "interop", sourceLocation: sourceLocation)
        #expect(bob?["badge"] as? Int == 3, sourceLocation: sourceLocation)
        #expect((bob?["apns"] as? [String: Any])?["alertTitle"] as? String == "title to bob-phone", sourceLocation: sourceLocation)
        #expect((bob?["gcm"] as? [String: Any])?["timeToLive"] as? String == "3600s", sourceLocation: sourceLocation)

        // Localized: a device gets its locale's text (alice-phone: de), else the default (alice-tablet: en).
        #expect(S.received(S.record(records, rootAlert: "to alice-phone"), "alice-phone")?["alert"] as? String == "to alice-phone (de)",
                sourceLocation: sourceLocation)
        let users = S.record(records, rootAlert: "to alice and carol")
        #expect(S.devices(users) == ["alice-phone", "alice-tablet", "carol-phone"], sourceLocation: sourceLocation)
        #expect(S.received(users, "alice-phone")?["alert"] as? String == "to alice and carol (de)", sourceLocation: sourceLocation)
        #expect(S.received(users, "alice-tablet")?["alert"] as? String == "to alice and carol", sourceLocation: sourceLocation)

        // Bulk: alice her own text; bob, sent by SAP as {"user": "bob", "notification": {}}, the root's.
        let bulk = S.record(records, rootAlert: "bulk root")
        #expect(S.devices(bulk) == ["alice-phone", "alice-tablet", "bob-phone"], sourceLocation: sourceLocation)
        #expect(S.received(bulk, "alice-phone")?["alert"] as? String == "bulk for alice", sourceLocation: sourceLocation)
        #expect(S.received(bulk, "alice-tablet")?["alert"] as? String == "bulk for alice", sourceLocation: sourceLocation)
        #expect(S.received(bulk, "bob-phone")?["alert"] as? String == "bulk root", "\(S.received(bulk, "bob-phone") ?? [:])",
                sourceLocation: sourceLocation)
        let localizedBulk = S.record(records, rootAlert: "localized bulk root")
        #expect(S.received(localizedBulk, "carol-phone")?["alert"] as? String == "localized bulk for carol", sourceLocation: sourceLocation)
        #expect(S.received(localizedBulk, "bob-phone")?["alert"] as? String == "localized bulk root (fr)", sourceLocation: sourceLocation)

        // Capability: only alice's phone, with the capability user's badge.
        let capability = S.record(records, rootAlert: "capability chat")
        #expect(S.devices(capability) == ["alice-phone"], sourceLocation: sourceLocation)
        #expect(S.received(capability, "alice-phone")?["badge"] as? Int == 7, sourceLocation: sourceLocation)

        // Topics and group.
        #expect(S.devices(S.record(records, rootAlert: "topic orders")) == ["alice-phone", "bob-phone"], sourceLocation: sourceLocation)
        #expect(S.devices(S.record(records, rootAlert: "topics for alice")) == ["alice-phone", "alice-tablet"], sourceLocation: sourceLocation)
        #expect(S.devices(S.record(records, rootAlert: "to field-team")) == ["alice-phone", "bob-phone"], sourceLocation: sourceLocation)
    }

    @Test func theDriverKnowsEveryMethodOfSapsInterface() throws {
        let source = try String(contentsOfFile: S.interfaceSource, encoding: .utf8)
        let declared = S.declaredMethods(source)
        #expect(declared.count >= 20, "PushClient.java parsed to \(declared.sorted())")
        let run = try S.drive(["methods"])
        #expect(run.result.status == 0, "\(run.result)")
        let reflected = Set(try #require(run.lines.first?["methods"] as? [String], "\(run.result)"))
        #expect(reflected == declared, "only in the source: \(declared.subtracting(reflected).sorted()); only by reflection: \(reflected.subtracting(declared).sorted())")
    }

    /// A settings file or binding with a client secret, against a fresh emulator each.
    @Test(arguments: ["apikey", "apikey-path", "binding", "binding-shared", "settings-uaa"])
    func sapClientCallsEveryMethod(mode: String) throws {
        let emu = try Emulator()
        let environment = mode.hasPrefix("apikey")
            ? ["SAP_PUSH_API_KEY": S.apiKey]
            : ["SAP_PUSH_CLIENT_ID": S.clientId, "SAP_PUSH_CLIENT_SECRET": S.clientSecret, "SAP_PUSH_TENANT": S.tenant]
        let run = try S.drive([mode, emu.url], environment: environment)
        expectPassed(run, secrets: [S.apiKey, S.clientSecret])
        try expectDeliveries(emu, tenant: mode == "binding-shared" ? S.tenant : nil)
    }

    /// An x509 binding: the token from nginx's mutual-TLS front (CN=alice), the API at the emulator.
    @Test func sapClientWithAnX509Binding() throws {
        let bed = try TLSTestBed()
        // The JVM trusts nginx's certificate through a trust store of the test CA (public data; its
        // store password protects nothing).
        let trustPassword = "interop-truststore"
        let trustStore = bed.file("sap-trust.p12")
        let keytool = try EndToEndTests.run("/usr/bin/env", ["keytool", "-importcert", "-noprompt", "-alias", "test-ca", "-file", bed.file("ca.pem"),
                                                             "-keystore", trustStore, "-storetype", "PKCS12", "-storepass:env", "TRUSTPASS"],
                                            environment: ["TRUSTPASS": trustPassword])
        try #require(keytool.status == 0, "\(keytool)")
        let run = try S.drive(["binding-x509", bed.emulator.url],
                              environment: ["SAP_PUSH_CERT_FILE": bed.file("client.pem"), "SAP_PUSH_KEY_FILE": bed.file("client.key"),
                                            "SAP_PUSH_CERT2_FILE": bed.file("bob.pem"), "SAP_PUSH_KEY2_FILE": bed.file("bob.key"),
                                            "SAP_PUSH_CERT_URL": bed.url],
                              jvm: ["-Djavax.net.ssl.trustStore=" + trustStore, "-Djavax.net.ssl.trustStoreType=PKCS12",
                                    "-Djavax.net.ssl.trustStorePassword=" + trustPassword])
        // The private keys' base64 lines must not be printed.
        let keyLines = try ["client.key", "bob.key"].flatMap { name in
            try String(contentsOfFile: bed.file(name), encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
        }
        expectPassed(run, secrets: keyLines)
        if run.result.status != 0, !bed.log.isEmpty { Issue.record("nginx's log: \(bed.log)") }
        try expectDeliveries(bed.emulator, tenant: nil)
    }
}
