// `push send` writes its results directly in a pipe (10,000 of them for 10,000 users): byte for
// byte what JSONEncoder writes for the same value.

import Foundation
import HubCore
@testable import HubCLI
import Testing

@Suite struct PushOutputTests {
    @Test func theDirectWriterMatchesJSONEncoder() throws {
        let output = PushSendOutput(target: "3 users \"quoted\" / slashed", requests: 1, sent: 2, failed: 1, results: [
            PushTargetResult(target: "alice", notificationId: "1001", code: 201, message: "Created"),
            PushTargetResult(target: "bob", notificationId: nil, code: 404, message: "No push registration found for 'bob'."),
            PushTargetResult(target: "ça/va\n", notificationId: "1002", code: 201, message: nil),
        ])
        let direct = try JSONOutput.encode(output, pretty: false)
        let foundation = try JSONOutput.foundationEncode(output, pretty: false)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }
}
