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

    /// A Services holds its Invocation; the Invocation lets it go when the command has run, so
    /// the pair does not outlive the command (one pair for each line of a batch otherwise).
    @Test func theFactoryIsLetGoWhenTheCommandHasRun() throws {
        let invocation = try Invocation(global: GlobalValues(), context: CommandContext(environment: ["HOME": NSTemporaryDirectory()]))
        let seen = SeenServices()
        try invocation.run(TouchesServices(seen: seen))
        #expect(seen.touched, "the command asked for its services")
        #expect(seen.services == nil, "the Services the command used is gone once it has run")
        #expect(invocation.services === invocation.services, "asked again, it is made again and kept")
    }
}

/// What `TouchesServices` saw: the factory it used, held weakly.
final class SeenServices: @unchecked Sendable {
    weak var services: Services?
    var touched = false
}

/// A command whose body asks for its services and nothing else.
struct TouchesServices: CommandOptions {
    let seen: SeenServices
    func validate() throws {}
    func run(_ invocation: Invocation) throws {
        seen.services = invocation.services
        seen.touched = seen.services != nil
    }
    static func == (a: TouchesServices, b: TouchesServices) -> Bool { a.seen === b.seen }
}
