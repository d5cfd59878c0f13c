// The order in which a batch's lines run: file order within an identity, a bounded read-ahead.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Hands operations to the workers: file order within an identity, one operation of an identity in
/// flight at a time, and at most `window` lines read ahead (so a 100,000-line batch is never all in
/// memory). `@unchecked Sendable`: every field is used only under `condition`'s lock.
final class BatchScheduler: @unchecked Sendable {
    private let condition = NSCondition()
    private var queues: [String: [BatchOperation]] = [:]
    private var ready: [String] = []
    private var readyHead = 0
    private var busy = Set<String>()
    private var buffered = 0
    private var inputDone = false
    private let window: Int
    /// Reads the next operation to run (after shard and resume filtering); nil at the end.
    private let readNext: () -> BatchOperation?

    init(window: Int, readNext: @escaping () -> BatchOperation?) {
        self.window = window
        self.readNext = readNext
    }

    func next() -> BatchOperation? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while !inputDone, buffered < window {
                guard let op = readNext() else { inputDone = true; break }
                enqueue(op)
            }
            if readyHead < ready.count {
                let identity = ready[readyHead]
                readyHead += 1
                if readyHead > 1024, readyHead * 2 > ready.count {
                    ready.removeFirst(readyHead)
                    readyHead = 0
                }
                let op = queues[identity]!.removeFirst()
                busy.insert(identity)
                buffered -= 1
                return op
            }
            if inputDone, buffered == 0 { return nil }
            condition.wait()
        }
    }

    func finished(_ op: BatchOperation) {
        condition.lock()
        defer { condition.unlock() }
        busy.remove(op.identity)
        if let queue = queues[op.identity], !queue.isEmpty {
            ready.append(op.identity)
        } else {
            queues[op.identity] = nil
        }
        condition.broadcast()
    }

    private func enqueue(_ op: BatchOperation) {
        let wasEmpty = queues[op.identity]?.isEmpty ?? true
        queues[op.identity, default: []].append(op)
        buffered += 1
        if wasEmpty, !busy.contains(op.identity) { ready.append(op.identity) }
    }
}
