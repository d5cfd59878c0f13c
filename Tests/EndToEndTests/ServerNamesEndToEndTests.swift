// Names a server (or a file under the home) hands hubctl never reach a shell as code (issue 23 §6,
// docs/security.md "Names from servers"): `$metadata` property names are checked as OData
// identifiers where they enter and where the cache is read again, and the bash completion offers
// what hubctl computes as quoted data. Each test runs the real completion script in a real bash.
import Foundation
import Testing

@Suite(.serialized) struct ServerNamesEndToEndTests {
    /// A `$metadata` whose Connection declares two names with shell syntax beside one good name.
    static func hostileMetadata(marker: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" m:DataServiceVersion="1.0">
            <Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
              <EntityType Name="Connection">
                <Key><PropertyRef Name="ApplicationConnectionId"/></Key>
                <Property Name="ApplicationConnectionId" Type="Edm.String" Nullable="false"/>
                <Property Name="DeviceModel" Type="Edm.String"/>
                <Property Name="x$(touch \(marker))" Type="Edm.String"/>
                <Property Name="y`touch \(marker)`" Type="Edm.String"/>
              </EntityType>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// Runs bash's completion of `line` (the cursor at its end) with the generated script; the
    /// candidates bash would offer, one a line.
    static func bashComplete(_ line: String, hub: Hubctl) throws -> RunResult {
        var env = hub.environment
        env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        env["HUBCTL_LINE"] = line
        return try run("/bin/bash", ["-c", """
            source "$1" || exit 9
            read -r -a COMP_WORDS <<<"$HUBCTL_LINE"
            [[ "$HUBCTL_LINE" == *' ' ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$HUBCTL_LINE"; COMP_POINT=${#COMP_LINE}
            _hubctl hubctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", Repo.root + "/completions/hubctl.bash"], environment: env)
    }

    @Test func metadataNamesWithShellSyntaxAreRefusedAndNeverRunByTheCompletion() throws {
        let emu = try Emulator()
        let hub = client(emu)
        let marker = hub.dir.file("pwned")
        let put = try emu.control("PUT", "/_emulator/metadata",
                                  json: String(data: try JSONSerialization.data(withJSONObject: ["document": Self.hostileMetadata(marker: marker)]), encoding: .utf8)!)
        #expect(put.status == 200)
        #expect(try hub("register").status == 0)

        let schema = try hub("settings", "schema")
        #expect(schema.status == 0, "\(schema)")
        let properties = try #require(schema.json?["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["ApplicationConnectionId", "DeviceModel"], "only the identifiers: \(properties.keys)")
        #expect(schema.err.contains("not an OData identifier"), "the refusal is said: \(schema.err)")
        #expect(schema.err.contains(#""x$(touch "#), "the refused name is shown quoted: \(schema.err)")

        let offered = try Self.bashComplete("hubctl settings set ", hub: hub)
        #expect(offered.status == 0, "\(offered)")
        #expect(offered.out.split(separator: "\n").map(String.init) == ["DeviceModel="], "\(offered)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the completion ran a name from the server")

        // A cache file changed behind hubctl's back (an older hubctl, or by hand) is checked again.
        let cacheDir = hub.dir.path + "/home/cache/metadata"
        let cacheFile = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheDir).first { $0.hasSuffix(".json") })
        let cachePath = cacheDir + "/" + cacheFile
        var cached = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cachePath))) as? [String: Any])
        var cachedProperties = try #require(cached["properties"] as? [[String: Any]])
        var planted = try #require(cachedProperties.first { $0["name"] as? String == "DeviceModel" })
        planted["name"] = "z$(touch \(marker))"
        cachedProperties.append(planted)
        cached["properties"] = cachedProperties
        try JSONSerialization.data(withJSONObject: cached).write(to: URL(fileURLWithPath: cachePath))
        let again = try Self.bashComplete("hubctl settings set ", hub: hub)
        #expect(again.out.split(separator: "\n").map(String.init) == ["DeviceModel="], "\(again)")
        let schemaAgain = try hub("settings", "schema")
        #expect(Set((schemaAgain.json?["properties"] as? [String: Any])?.keys ?? [:].keys) == ["ApplicationConnectionId", "DeviceModel"], "\(schemaAgain)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the completion ran a name from the cache")
    }

    @Test func vaultKeysAreOfferedQuotedNotExpanded() throws {
        let hub = Hubctl(environment: ["HUBCTL_VAULT_KEY": Data(repeating: 9, count: 32).base64EncodedString()])
        let marker = hub.dir.file("pwned")
        let key = "k$(touch \(marker))"
        #expect(try hub("vault", "set", key, "v").status == 0)
        #expect(try hub("vault", "set", "plain-key", "v").status == 0)
        let offered = try Self.bashComplete("hubctl vault show ", hub: hub)
        #expect(offered.status == 0, "\(offered)")
        let candidates = offered.out.split(separator: "\n").map(String.init)
        // bash's own quoting of the key: the word the command line receives is the key itself.
        let quoted = try run("/bin/bash", ["-c", "printf '%q' \"$1\"", "bash", key]).out
        #expect(candidates.sorted() == [quoted, "plain-key"].sorted(), "\(offered)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the completion ran a vault key")
        // What the quoted candidate means to bash is exactly the key.
        let unquoted = try run("/bin/bash", ["-c", "eval \"printf '%s' \(quoted)\""]).out
        #expect(unquoted == key)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
