// `push send` writes its results directly in a pipe (10,000 of them for 10,000 users): byte for
// byte what JSONEncoder writes for the same value, nulls included.

import Foundation
import HubCore
@testable import HubServices
@testable import HubCLI
import Testing

@Suite struct PushOutputTests {
    @Test func theDirectWriterMatchesJSONEncoder() throws {
        let output = PushSendOutput(target: "3 users \"quoted\" / slashed", requests: 1, accepted: 0, correlationIds: [], sent: 1, queued: 1, failed: 1,
                                    usersAsked: 3, usersWithoutRegistration: ["ça/va\n"], requestsWithoutRegistrations: 0, results: [
            PushResultEntry(registrationId: "r-1", notificationId: "n-1", completion: PushCompletion(code: 0), message: "success"),
            PushResultEntry(registrationId: "r-2", notificationId: "n-2", completion: PushCompletion(code: -1), message: nil),
            PushResultEntry(registrationId: nil, notificationId: nil, completion: PushCompletion(code: 6), message: "token rejected"),
        ])
        let direct = try output.json.written(pretty: false)
        let foundation = try JSONOutput.encode(output.json, pretty: false)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
        let text = String(decoding: direct, as: UTF8.self)
        #expect(text.contains(#""registrationId":null"#), "null members are printed: \(text)")
        #expect(text.contains(#""outcome":"queued""#) && text.contains(#""reason":"token_rejected_by_provider""#))
    }
}
