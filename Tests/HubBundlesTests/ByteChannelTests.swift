// ByteChannel: bytes arrive intact and in order, memory stays bounded, and either side can stop the other.

import Foundation
import HubBundles
import Synchronization
import Testing

@Suite struct ByteChannelTests {
    /// Runs `body` on a new thread; the returned semaphore is signalled when it is done.
    private func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { body(); done.signal() }.start()
        return done
    }

    @Test func backPressureBoundsMemoryAndKeepsOrder() throws {
        let channel = ByteChannel(capacity: 64 * 1024)
        let total = 8 << 20
        let producer = onThread {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024 + 7)   // odd size: wraps the ring unevenly
            var sent = 0
            while sent < total {
                let n = min(chunk.count, total - sent)
                for i in 0..<n { chunk[i] = UInt8(truncatingIfNeeded: (sent + i) % 251) }
                try? chunk.withUnsafeBytes { try channel.write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                sent += n
            }
            channel.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 10_000)
        var received = 0
        var inOrder = true
        while true {
            let n = try buffer.withUnsafeMutableBytes { try channel.read(into: $0) }
            if n == 0 { break }
            for i in 0..<n where buffer[i] != UInt8(truncatingIfNeeded: (received + i) % 251) { inOrder = false }
            received += n
        }
        #expect(producer.wait(timeout: .now() + 60) == .success)
        #expect(received == total)
        #expect(inOrder)
        #expect(channel.peakBufferedBytes <= 64 * 1024)
        #expect(channel.peakBufferedBytes > 0)
        #expect(channel.progress.bytes == Int64(total))
    }

    @Test func cancelUnblocksAndStopsTheProducer() throws {
        let channel = ByteChannel(capacity: 4096)
        let outcome = Outcome()
        let producer = onThread {
            let chunk = [UInt8](repeating: 1, count: 1024)
            do {
                // Far more than the capacity: without cancel this would block for ever.
                for _ in 0..<1_000_000 { try channel.write(chunk) }
                outcome.set("finished")
            } catch is ByteChannelCancelled {
                outcome.set("cancelled")
            } catch {
                outcome.set("other")
            }
        }
        var buffer = [UInt8](repeating: 0, count: 1000)
        _ = try buffer.withUnsafeMutableBytes { try channel.read(into: $0) }
        channel.cancel()
        #expect(producer.wait(timeout: .now() + 60) == .success)
        #expect(outcome.value == "cancelled")
        #expect(channel.peakBufferedBytes <= 4096)
    }

    struct Broken: Error {}

    @Test func producerFailureReachesTheConsumer() throws {
        let channel = ByteChannel(capacity: 4096)
        try channel.write([UInt8](repeating: 1, count: 100))
        channel.fail(Broken())
        var buffer = [UInt8](repeating: 0, count: 1000)
        #expect(throws: Broken.self) { try buffer.withUnsafeMutableBytes { try channel.read(into: $0) } }
    }

    @Test func finishDeliversBufferedBytesThenEnd() throws {
        let channel = ByteChannel(capacity: 4096)
        try channel.write([UInt8](repeating: 7, count: 100))
        channel.finish()
        channel.fail(Broken())   // ignored after finish
        var buffer = [UInt8](repeating: 0, count: 1000)
        #expect(try buffer.withUnsafeMutableBytes { try channel.read(into: $0) } == 100)
        #expect(try buffer.withUnsafeMutableBytes { try channel.read(into: $0) } == 0)
    }
}

/// A value set on one thread and read on another.
final class Outcome: Sendable {
    private let stored = Mutex<String?>(nil)
    func set(_ value: String) { stored.withLock { $0 = value } }
    var value: String? { stored.withLock { $0 } }
}
