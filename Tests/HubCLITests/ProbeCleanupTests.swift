// The parts of `hubctl probe`'s clean-up that need no server (issue 30, item 5): the time reserved
// for it, the records of throw-away connections, and the wake-up of the signal wait.

import Foundation
import HubCore
@testable import HubServices
import Synchronization
import Testing
@testable import HubCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite("Probe clean-up", .serialized)
struct ProbeCleanupTests {
    private func home() -> String {
        let path = NSTemporaryDirectory() + "probe-cleanup-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theReserveIsAQuarterOfTheDeadlineAtMostTenSeconds() {
        for (deadline, reserve, steps) in [(8.0, 2.0, 6.0), (20, 5, 15), (40, 10, 30), (120, 10, 110)] {
            let budget = ProbeBudget(deadline: deadline, started: .now)
            #expect(budget.reserve == reserve, "deadline \(deadline)")
            #expect(budget.steps == steps, "deadline \(deadline)")
            #expect(budget.cleanupSeconds() <= deadline && budget.cleanupSeconds() >= reserve)
        }
        // Past the deadline, the clean-up still gets the reserve.
        let late = ProbeBudget(deadline: 8, started: .now - .seconds(30))
        #expect(late.cleanupSeconds() == 2)
    }

    @Test func aRecordIsPrivateNamesItsConnectionAndIsNoLeftoverWhileHeld() throws {
        let home = home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let record = try ProbePendingConnection.record(home: home, server: "https://smp.example.com", appId: "com.example.demo",
                                                       user: "demo", connectionId: "abc-123")
        let prefix = try ProbePendingConnection.prefix(server: "https://smp.example.com", appId: "com.example.demo")
        #expect(record.path == home + "/probe/" + prefix + "abc-123.json")
        let mode = ((try FileManager.default.attributesOfItem(atPath: record.path))[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600)
        let body = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record.path))) as? [String: Any]
        #expect(body?["connectionId"] as? String == "abc-123")
        #expect(body?["server"] as? String == "https://smp.example.com")
        #expect(body?["appId"] as? String == "com.example.demo")
        #expect(body?["user"] as? String == "demo")

        #expect(try ProbePendingConnection.leftovers(home: home, server: "https://smp.example.com", appId: "com.example.demo").isEmpty,
                "a probe that runs holds its record")
        record.release()
        let found = try ProbePendingConnection.leftovers(home: home, server: "https://smp.example.com", appId: "com.example.demo")
        #expect(found.map(\.connectionId) == ["abc-123"], "released (its process ended): a leftover")
        #expect(try ProbePendingConnection.leftovers(home: home, server: "https://smp.example.com", appId: "com.example.other").isEmpty,
                "another application's probe leaves it alone")
        #expect(try ProbePendingConnection.leftovers(home: home, server: "https://smp.example.com", appId: "com.example.demo").isEmpty,
                "the first finder holds it now")
        found.first?.remove()
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }

    @Test func namesThatAreNoConnectionIdAndLinksAreLeftAlone() throws {
        let home = home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let prefix = try ProbePendingConnection.prefix(server: "https://smp.example.com", appId: "com.example.demo")
        let dir = ProbePendingConnection.directory(home: home)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/" + prefix + "a b.json", contents: Data("{}".utf8))
        let target = home + "/elsewhere.json"
        _ = FileManager.default.createFile(atPath: target, contents: Data("{}".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + prefix + "linked.json", withDestinationPath: target)
        #expect(try ProbePendingConnection.leftovers(home: home, server: "https://smp.example.com", appId: "com.example.demo").isEmpty)
        #expect(throws: HubError.self) {
            try ProbePendingConnection.record(home: home, server: "https://smp.example.com", appId: "com.example.demo", user: nil, connectionId: "../x")
        }
    }

    @Test func wakeEndsTheWaitWithoutAStopAndASignalWithOne() throws {
        guard let signals = try? StopSignals() else { return }   // another test of this process has them
        defer { signals.restore() }
        let done = Mutex(false)
        // wake() is a write(2) on the pipe, safe from any thread.
        nonisolated(unsafe) let shared = signals
        let waker = Thread {
            done.withLock { $0 = true }
            shared.wake()
        }
        waker.start()
        #expect(signals.wait(until: { done.withLock { $0 } }) == nil, "woken, done, no stop request")
        raise(SIGTERM)
        #expect(signals.wait(until: { false }) == .terminate)
    }
}
