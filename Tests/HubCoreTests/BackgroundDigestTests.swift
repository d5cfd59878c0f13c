// BackgroundDigest (HubCore): the digest of a stream read on a thread of its own, equal to the
// one-shot SHA-256 whichever side reads the pieces: the thread alone, or the thread then the caller
// (the hand-over when the caller asks before the end); a reader's error reaches the caller; a
// cancelled digest stops reading.

import Foundation
@testable import HubCore
import Synchronization
import Testing

@Suite struct BackgroundDigestTests {
    /// 1 MiB and 3 bytes of a fixed pattern: four whole pieces and a short one.
    let content: [UInt8] = (0..<(4 * BackgroundDigest.pieceSize + 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    var expected: String { get throws { try content.withUnsafeBytes { try SHA256Digest.hex(of: $0) } } }

    /// Which thread read each piece, in order: "caller" (the thread that made this, the test's) or
    /// "digest".
    final class Readers: Sendable {
        let caller = pthread_self()
        let names = Mutex<[String]>([])
        var onCaller: Bool { pthread_equal(pthread_self(), caller) != 0 }
        func record() { let name = onCaller ? "caller" : "digest"; names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    /// A reader of `content` in pieces; `before(i)` runs before piece `i` is given (0-based).
    func reader(_ readers: Readers, before: @escaping @Sendable (Int) throws -> Void = { _ in }) -> @Sendable () throws -> BackgroundDigest.Reader {
        let content = content
        return {
            var offset = 0, piece = 0
            return { buffer in
                try before(piece)
                readers.record()
                piece += 1
                let n = min(buffer.count, content.count - offset)
                content.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
                offset += n
                return n
            }
        }
    }

    @Test func theThreadAloneDigestsTheWholeStream() throws {
        let readers = Readers()
        let ended = DispatchSemaphore(value: 0)
        let digest = BackgroundDigest(reader(readers, before: { if $0 == 5 { ended.signal() } }))
        // The sixth call is the one that finds the end: the thread has read everything by then.
        #expect(ended.wait(timeout: .now() + 30) == .success)
        let result = try digest.result()
        #expect(result.hex == (try expected))
        #expect(result.count == Int64(content.count))
        #expect(readers.all == Array(repeating: "digest", count: 6))
    }

    @Test func theCallerTakesOverWhatIsLeftWhenItAsksEarly() throws {
        let readers = Readers()
        let box = Mutex<BackgroundDigest?>(nil)
        let started = DispatchSemaphore(value: 0)
        // The thread's first piece waits until the caller has asked for the result, so the thread
        // hands the rest over at the boundary after it.
        let digest = BackgroundDigest(reader(readers, before: { piece in
            guard piece == 0, !readers.onCaller else { return }
            started.signal()
            let deadline = Date().addingTimeInterval(30)
            while box.withLock({ $0?.isHandOverRequested != true }) {
                guard Date() < deadline else { throw HubError.internalError("the caller never asked") }
                usleep(1000)
            }
        }))
        box.withLock { $0 = digest }
        #expect(started.wait(timeout: .now() + 30) == .success)
        let result = try digest.result()
        #expect(result.hex == (try expected))
        #expect(result.count == Int64(content.count))
        #expect(readers.all == ["digest", "caller", "caller", "caller", "caller", "caller"])
    }

    @Test func aReadersErrorReachesTheCaller() throws {
        let readers = Readers()
        let digest = BackgroundDigest(reader(readers, before: { piece in
            if piece == 2 { throw HubError.noInput("Cannot read the input: gone.", code: .unreadable) }
        }))
        #expect { try digest.result() } throws: { ($0 as? HubError)?.message == "Cannot read the input: gone." }
    }

    @Test func aCancelledDigestStopsReading() throws {
        let readers = Readers()
        let started = DispatchSemaphore(value: 0), cancelled = DispatchSemaphore(value: 0)
        let digest = BackgroundDigest(reader(readers, before: { piece in
            if piece == 0 { started.signal(); _ = cancelled.wait(timeout: .now() + 30) }
        }))
        #expect(started.wait(timeout: .now() + 30) == .success)
        digest.cancel()
        cancelled.signal()
        // The thread stops at its next piece boundary: give it time to have read on if it would.
        usleep(200_000)
        #expect(readers.all == ["digest"])
    }
}
