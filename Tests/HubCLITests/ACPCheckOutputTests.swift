// `acp check` writes its document directly in a pipe: byte for byte what JSONEncoder writes for
// the same value, its nulls included, with and without the profile directory and a fetch.

import Foundation
import HubCore
@testable import HubCLI
import Testing

@Suite struct ACPCheckOutputTests {
    static let fetch = ACPFetchOutput(bundleId: "Appmc:1.2", updated: true, path: "/tmp/a b/acp/com.acme.field", files: 3, bytes: 1_234,
                                      sha256: String(repeating: "0f", count: 32), manifest: ["Name": "Grüße \"quoted\"/x"],
                                      fileExtension: "zip", source: "assigned", kind: "archive", file: nil, revision: "etag:\"1\"")

    static let outputs: [ACPCheckOutput] = [
        ACPCheckOutput(appId: "com.acme.field", current: nil, available: nil, updateAvailable: false),
        ACPCheckOutput(appId: "com.acme.field", current: "Appmc:1.1", available: "Appmc:1.2", updateAvailable: true,
                       source: "default", availableRevision: "etag:\"2\"", currentRevision: "sha256:ab", destination: "/srv/acp/ünï"),
        ACPCheckOutput(appId: "com.acme.field", current: "Appmc:1.2", available: "Appmc:1.2", updateAvailable: false,
                       destination: "/tmp/a b/acp/com.acme.field", fetch: fetch),
    ]

    @Test(arguments: outputs)
    func theDirectWriterMatchesJSONEncoder(output: ACPCheckOutput) throws {
        let direct = String(decoding: try JSONOutput.encode(output, pretty: false), as: UTF8.self)
        let foundation = String(decoding: try JSONOutput.foundationEncode(output, pretty: false), as: UTF8.self)
        #expect(direct == foundation)
        #expect(direct.contains(#""current":"#), "current is always printed: \(direct)")
    }
}
