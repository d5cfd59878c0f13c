// One factory per Invocation: `invocation.services` is made on first use and the same object on
// every access after (gh's memoized Factory), and an Invocation over other seams has its own.

import Foundation
@testable import HubCLI
import Testing

@Suite("Services")
struct ServicesTests {
    @Test func theServicesAreMadeOnceAndKept() throws {
        let invocation = try Invocation(global: GlobalValues(), context: CommandContext(environment: ["HOME": NSTemporaryDirectory()]))
        let first = invocation.services
        #expect(first === invocation.services)
        #expect(first.invocation === invocation)
        let other = invocation.replacingContext(CommandContext(environment: ["HOME": NSTemporaryDirectory()]))
        #expect(other.services !== first, "an Invocation over other seams builds from those seams")
        #expect(other.services === other.services)
    }
}
