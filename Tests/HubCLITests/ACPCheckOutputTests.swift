// `acp check`'s document: its nulls always printed (`current`, `available`, the revisions), the
// profile directory and a fetch only when there are some; the same bytes as JSONEncoder writes.

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
    func theDocumentAsJSONEncoderWritesIt(output: ACPCheckOutput) throws {
        for pretty in [false, true] {
            let direct = String(decoding: try output.json.written(pretty: pretty), as: UTF8.self)
            let foundation = String(decoding: try JSONOutput.encode(output.json, pretty: pretty), as: UTF8.self)
            #expect(direct == foundation)
        }
        let compact = String(decoding: try output.json.written(pretty: false), as: UTF8.self)
        #expect(compact.contains(#""current":"#) && compact.contains(#""availableRevision":"#), "always printed: \(compact)")
        #expect(compact.contains(#""destination":"#) == (output.destination != nil), "\(compact)")
        #expect(compact.contains(#""fetch":{"#) == (output.fetch != nil), "\(compact)")
    }
}
