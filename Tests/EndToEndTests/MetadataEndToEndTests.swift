// The server's $metadata as hubctl reads it (issue 18, docs/protocol.md §13): `settings set` checks
// against it before sending, types custom properties by it, caches it, and falls back without it.
import Foundation
import Testing

/// The protocol requests the emulator received (control API calls are not logged).
func loggedRequests(_ emu: Emulator) throws -> [(method: String, path: String)] {
    let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
    return requests.map { ($0["method"] as? String ?? "", $0["path"] as? String ?? "") }
}

func metadataFetches(_ emu: Emulator) throws -> Int {
    try loggedRequests(emu).filter { $0.method == "GET" && $0.path.hasSuffix("/$metadata") }.count
}

@Suite(.serialized) struct MetadataEndToEndTests {
    @Test func readOnlyAndUnknownPropertiesAreRefusedBeforeAnyRequest() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        // The first `settings set` reads $metadata once; after it the schema comes from the cache.
        let ok = try hub("settings", "set", "DeviceModel=rack-1")
        #expect(ok.status == 0, "\(ok)")
        #expect(try emu.control("DELETE", "/_emulator/requests").status == 204)

        let ro = try hub("settings", "set", "DeviceModel=rack-2", "CustomizationBundleId=x:1")
        #expect(ro.status == 64, "\(ro)")
        #expect(ro.errorCode == "read_only_property")
        let message = try #require(ro.error?["message"] as? String)
        #expect(message.contains("'CustomizationBundleId' is read-only"))
        #expect(message.contains("Writable properties: AndroidGcmPushEnabled, AndroidGcmRegistrationId"), "lists the writable ones: \(message)")
        #expect(!message.contains("CreatedAt"), "read-only properties are not listed as writable")
        let unknown = try hub("settings", "set", "NoSuchThing=1")
        #expect(unknown.status == 64)
        #expect(unknown.errorCode == "unknown_property")
        #expect((unknown.error?["message"] as? String)?.contains("'NoSuchThing'") == true)
        #expect(ro.out.isEmpty && unknown.out.isEmpty)
        let sent = try loggedRequests(emu)
        #expect(sent.isEmpty, "nothing was sent: \(sent)")
        #expect(try hub("settings", "get", "DeviceModel").json?["DeviceModel"] as? String == "rack-1")
    }

    @Test func aCustomPropertyIsTypedAndWritableWithoutCodeChanges() throws {
        let emu = try Emulator()
        let slot = try emu.control("POST", "/_emulator/schema/properties", json: #"{"name": "FleetSlot", "type": "Edm.Int32", "writable": true}"#)
        #expect(slot.status == 201)
        let big = try emu.control("POST", "/_emulator/schema/properties", json: #"{"name": "FleetSerial", "type": "Edm.Int64", "writable": true}"#)
        #expect(big.status == 201)
        let tier = try emu.control("POST", "/_emulator/schema/properties", json: #"{"name": "FleetTier", "type": "Edm.String", "writable": false}"#)
        #expect(tier.status == 201)
        let hub = client(emu)
        #expect(try hub("register").status == 0)

        let set = try hub("settings", "set", "FleetSlot=7", "FleetSerial=9007199254740993")
        #expect(set.status == 0, "\(set)")
        #expect(set.json?["FleetSlot"] as? Int == 7, "an Int32 is a JSON number: \(set.out)")
        #expect(set.json?["FleetSerial"] as? String == "9007199254740993", "an Int64 is a string in OData V2 JSON")
        let stored = try #require(try connections(emu).first?["properties"] as? [String: Any])
        #expect(stored["FleetSlot"] as? Int == 7)

        let wrong = try hub("settings", "set", "FleetSlot=seven")
        #expect(wrong.status == 64)
        #expect(wrong.errorCode == "wrong_type")
        let readOnly = try hub("settings", "set", "FleetTier=gold")
        #expect(readOnly.status == 64)
        #expect(readOnly.errorCode == "read_only_property")

        let schema = try hub("settings", "schema")
        #expect(schema.status == 0, "\(schema)")
        let json = try #require(schema.json)
        #expect(json["source"] as? String == "server")
        let properties = try #require(json["properties"] as? [String: [String: Any]])
        #expect(properties["FleetSlot"]?["type"] as? String == "Edm.Int32")
        #expect(properties["FleetSlot"]?["writable"] as? Bool == true)
        #expect(properties["FleetTier"]?["writable"] as? Bool == false)
        #expect(properties["FleetSlot"]?["source"] as? String == "server")
    }

    @Test func withoutMetadataTheCompiledTableIsUsedAndVerboseSaysSo() throws {
        let emu = try Emulator()
        #expect(try emu.control("PUT", "/_emulator/metadata", json: #"{"served": false}"#).status == 200)
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let set = try hub("settings", "set", "--verbose", "DeviceModel=fallback-1")
        #expect(set.status == 0, "\(set)")
        #expect(set.json?["DeviceModel"] as? String == "fallback-1")
        #expect(set.err.contains("the server has no $metadata (HTTP 404); using hubctl's compiled table"), "\(set.err)")
        let ro = try hub("settings", "set", "CreatedAt=2020-01-01T00:00:00Z")
        #expect(ro.status == 64)
        #expect(ro.errorCode == "read_only_property")
        let schema = try hub("settings", "schema")
        #expect(schema.json?["source"] as? String == "fallback")
        let properties = try #require(schema.json?["properties"] as? [String: [String: Any]])
        #expect(properties["ApnsPushEnable"]?["type"] as? String == "Edm.Boolean")
        #expect(properties["ApnsPushEnable"]?["source"] as? String == "fallback")
        #expect(properties.count == 61)
        // The absence is cached too: one $metadata request for all of the above.
        #expect(try metadataFetches(emu) == 1)
    }

    @Test func theSchemaIsCachedAndSettingsGetNeverFetchesIt() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        #expect(try hub("settings", "get").status == 0)
        #expect(try metadataFetches(emu) == 0, "settings get does not read $metadata")
        let first = try hub("settings", "set", "--verbose", "DeviceModel=a")
        #expect(first.status == 0, "\(first)")
        #expect(first.err.contains("schema: the server's $metadata (latest), cached"), "\(first.err)")
        #expect(try metadataFetches(emu) == 1)
        let second = try hub("settings", "set", "--verbose", "DeviceModel=b")
        #expect(second.status == 0, "\(second)")
        #expect(second.err.contains("schema: the cached $metadata"), "\(second.err)")
        #expect(try metadataFetches(emu) == 1, "the second settings set used the cache")
        // The cache is private and in the home.
        let cacheDir = hub.dir.path + "/home/cache/metadata"
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheDir)
        #expect(files.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: cacheDir + "/" + files[0])[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func shellCompletionOffersTheCachedWritableProperties() throws {
        let emu = try Emulator()
        #expect(try emu.control("POST", "/_emulator/schema/properties", json: #"{"name": "FleetSlot", "type": "Edm.Int32"}"#).status == 201)
        let hub = client(emu)
        func complete(_ words: [String]) throws -> [String] {
            var env = hub.environment
            env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
            let line = words.joined(separator: " ")
            let bash = try run("/bin/bash", ["-c", """
                source "$1" && COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))) && COMP_CWORD=\(words.count - 1) && \
                COMP_LINE='\(line)' && COMP_POINT=${#COMP_LINE} && _hubctl && printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", Repo.root + "/completions/hubctl.bash"], environment: env)
            return bash.out.split(separator: "\n").map(String.init)
        }
        // Before any $metadata is cached: the compiled table.
        let before = try complete(["hubctl", "settings", "set", "Dev"])
        #expect(before.contains("DeviceModel="), "\(before)")
        #expect(!before.contains { $0.hasPrefix("FleetSlot") })
        #expect(try hub("settings", "schema").status == 0)
        let after = try complete(["hubctl", "settings", "set", "Fle"])
        #expect(after == ["FleetSlot="], "\(after)")
        #expect(try complete(["hubctl", "settings", "set", "Creat"]).isEmpty, "read-only properties are not offered")
        #expect(try complete(["hubctl", "settings", "get", "Creat"]) == ["CreatedAt"])
        #expect(try loggedRequests(emu).filter { $0.path.hasSuffix("$metadata") }.count == 1, "completion asks no server")
    }

    @Test func schemaPrintsTypesWritabilityAndNullability() throws {
        let emu = try Emulator()
        let hub = client(emu)
        // Without a registration the configured version's $metadata is read.
        let r = try hub("settings", "schema")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["source"] as? String == "server")
        #expect(json["apiVersion"] as? String == "latest")
        let properties = try #require(json["properties"] as? [String: [String: Any]])
        #expect(properties.count == 61)
        #expect(properties["ApnsPushEnable"]?["type"] as? String == "Edm.Boolean")
        #expect(properties["ApnsPushEnable"]?["writable"] as? Bool == true)
        #expect(properties["CreatedAt"]?["type"] as? String == "Edm.DateTime")
        #expect(properties["CreatedAt"]?["writable"] as? Bool == false)
        #expect(properties["ApplicationConnectionId"]?["nullable"] as? Bool == false)
        #expect(properties.values.filter { $0["writable"] as? Bool == true }.count == 27)
    }
}
