// The schedule and the loop of `acp check --wait` on a fake clock: intervals, jitter, backoff,
// Retry-After, one report per state change, the deadline, stop requests, fatal errors.
import Foundation
import Testing
@testable import HubCore
@testable import HubServices

@Suite struct ACPWaitTests {
    // MARK: Schedule

    @Test func theIntervalWithJitter() {
        let s = ACPWaitSchedule(interval: 60)
        #expect(s.delay(failures: 0, retryAfter: nil, unit: 0.5) == 60)
        #expect(s.delay(failures: 0, retryAfter: nil, unit: 0) == 54)
        #expect(abs(s.delay(failures: 0, retryAfter: nil, unit: 0.999_999) - 66) < 0.001)
        // Retry-After counts only after a failure.
        #expect(s.delay(failures: 0, retryAfter: 500, unit: 0.5) == 60)
    }

    @Test func failuresDoubleTheWaitUpToTheCap() {
        let s = ACPWaitSchedule(interval: 60, jitter: 0)
        #expect([1, 2, 3, 4, 30, 1000].map { s.delay(failures: $0, retryAfter: nil, unit: 0.5) } == [120, 240, 480, 600, 600, 600])
        #expect(ACPWaitSchedule(interval: 300).backoffCap == 900)
        #expect(ACPWaitSchedule(interval: 3600).backoffCap == 3600)
        #expect(ACPWaitSchedule(interval: 1).backoffCap == 10)
    }

    @Test func retryAfterIsHonouredNeverShortenedAndCapped() {
        let s = ACPWaitSchedule(interval: 1)
        // Jitter only adds to what the server asked.
        #expect(s.delay(failures: 1, retryAfter: 3, unit: 0) == 3)
        #expect(abs(s.delay(failures: 1, retryAfter: 3, unit: 0.999_999) - 3.3) < 0.001)
        #expect(s.delay(failures: 5, retryAfter: 86_400, unit: 0) == 900)
        // Never sooner than the interval.
        #expect(ACPWaitSchedule(interval: 60).delay(failures: 1, retryAfter: 2, unit: 0) == 60)
        // A value that is not a time is ignored: the backoff applies.
        #expect(ACPWaitSchedule(interval: 1, jitter: 0).delay(failures: 1, retryAfter: .nan, unit: 0) == 2)
    }

    @Test func theSeededGeneratorRepeatsAndStaysInRange() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
        #expect(first.allSatisfy { $0 >= 0 && $0 < 1 })
    }

    // MARK: Loop

    /// A fake clock and a scripted series of check results.
    final class Script {
        var now = ContinuousClock.now
        var sleeps: [Double] = []
        var reports: [String] = []
        var results: [Result<ACPCheckResult, HubError>]
        var stopAfterSleeps: (Int, WaitStop)?
        var stepSeconds: [Double] = []

        init(_ results: [Result<ACPCheckResult, HubError>]) { self.results = results }

        func environment() -> ACPWaitEnvironment {
            ACPWaitEnvironment(
                sleep: { seconds in
                    self.sleeps.append(seconds)
                    self.now = self.now + .milliseconds(Int64(seconds * 1000))
                    if let (count, stop) = self.stopAfterSleeps, self.sleeps.count >= count { return stop }
                    return nil
                },
                pendingStop: { nil }, now: { self.now }, random: { 0.5 }, report: { self.reports.append($0) })
        }

        func check(_ seconds: Double, _ last: ACPPoll?) throws -> ACPPoll {
            stepSeconds.append(seconds)
            guard !results.isEmpty else { throw HubError.internalError("the script ran out") }
            switch results.removeFirst() {
            case .success(let check): return ACPPoll(check: check, etag: "\"e\"", notModified: false)
            case .failure(let error): throw error
            }
        }
    }

    static let unchanged = ACPCheckResult(appId: "a", current: "P:1", available: "P:1", updateAvailable: false)
    static let newer = ACPCheckResult(appId: "a", current: "P:1", available: "P:2", updateAvailable: true)
    static let down = HubError(.unavailable, code: .cannotConnect, "Cannot connect.")
    static func busy(_ retryAfter: Double?) -> HubError {
        var e = HubError(.unavailable, code: .serverError, "HTTP 503.", status: 503)
        e.retryAfter = retryAfter
        return e
    }

    @Test func waitsUntilANewerProfileAndReportsOnlyStateChanges() throws {
        let script = Script([.success(Self.unchanged), .failure(Self.down), .failure(Self.down), .failure(Self.down),
                             .failure(Self.busy(30)), .success(Self.unchanged), .success(Self.newer)])
        let wait = ACPWait(schedule: ACPWaitSchedule(interval: 10), until: nil, stepSeconds: 120)
        let outcome = try wait.run(script.environment(), check: script.check)
        guard case .found(let poll) = outcome else { Issue.record("\(outcome)"); return }
        #expect(poll.check.available == "P:2")
        // interval; backoff 20, 40, 80; Retry-After 30 (jitter 0.5 → +5 %); interval again.
        let expected: [Double] = [10, 20, 40, 80, 31.5, 10]
        #expect(script.sleeps.count == expected.count && zip(script.sleeps, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(script.sleeps)")
        #expect(script.reports.count == 3, "\(script.reports)")
        #expect(script.reports[0].hasPrefix("the server is unreachable (cannot_connect"))
        #expect(script.reports[1].hasPrefix("the check now fails differently: the server is not answering normally (server_error, HTTP 503"))
        #expect(script.reports[2] == "the server answers again (after 4 failed checks); still waiting.")
        #expect(script.stepSeconds.allSatisfy { $0 == 120 })
    }

    @Test func anExplicitDeadlineBoundsTheWholeWait() throws {
        let script = Script(Array(repeating: .success(Self.unchanged), count: 10))
        let until = script.now + .seconds(25)
        let outcome = try ACPWait(schedule: ACPWaitSchedule(interval: 10), until: until, stepSeconds: 120)
            .run(script.environment(), check: script.check)
        guard case .deadlinePassed(let last) = outcome else { Issue.record("\(outcome)"); return }
        #expect(last == nil)
        #expect(script.sleeps == [10, 10, 5])
        // Each check gets what is left, not more.
        #expect(script.stepSeconds == [25, 15, 5])
    }

    @Test func aStopRequestEndsTheWait() throws {
        let script = Script(Array(repeating: .success(Self.unchanged), count: 10))
        script.stopAfterSleeps = (2, .terminate)
        let outcome = try ACPWait(schedule: ACPWaitSchedule(interval: 5), until: nil, stepSeconds: 120)
            .run(script.environment(), check: script.check)
        guard case .stopped(let stop, let last) = outcome else { Issue.record("\(outcome)"); return }
        #expect(stop == .terminate)
        #expect(last?.check.available == "P:1")
        #expect(script.sleeps.count == 2)
    }

    @Test func errorsThatDoNotPassByThemselvesEndTheWait() throws {
        for error in [HubError(.permission, code: .authFailed, "no"), HubError(.noInput, code: .connectionNotFound, "gone"),
                      HubError(.data, code: .malformedResponse, "bad"), HubError(.unavailable, code: .serverNotTrusted, "mitm"),
                      HubError(.unavailable, code: .libraryUnavailable, "no libcurl")] {
            let script = Script([.success(Self.unchanged), .failure(error)])
            #expect(throws: HubError.self) {
                try ACPWait(schedule: ACPWaitSchedule(interval: 5), until: nil, stepSeconds: 120).run(script.environment(), check: script.check)
            }
            #expect(!ACPWait.isTransient(error), "\(error)")
        }
        for code in [ErrorCode.cannotConnect, .connectionLost, .serverError, .rateLimited, .tlsFailed, .transferFailed, .invalidResponse] {
            #expect(ACPWait.isTransient(HubError(.unavailable, code: code, "x")), "\(code)")
        }
        #expect(ACPWait.isTransient(HubError(.temporary, code: .timeout, "slow")))
    }
}
