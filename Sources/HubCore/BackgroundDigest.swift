// The SHA-256 of a stream, computed on a thread of its own that runs only when the CPU is otherwise
// idle (SCHED_IDLE), from a reader of its own. `bundle publish` starts one before its first request:
// the digest fills the round trips and the gaps of the upload and never takes the CPU from the
// sending thread or, on the same machine, from the server (bench/bundles.sh). Whatever is left when
// the caller asks for the result, the caller digests itself at its own priority, so the wait is
// bounded by the reading alone, however busy the machine is.

import CLibraries
import Foundation

public final class BackgroundDigest: @unchecked Sendable {
    /// Fills the buffer from the stream's next bytes: the number written, 0 at the end.
    public typealias Reader = (UnsafeMutableRawBufferPointer) throws -> Int

    /// The bytes read at once: a few of them fit in a core's cache with the digest's own state.
    public static let pieceSize = 256 << 10

    private enum Phase {
        case background   // the digest thread owns the work
        case handOver     // the caller wants it back; the thread gives it at its next piece
        case caller(Work) // the caller owns the work (the thread has left)
        case cancelled
        case finished(Result<(hex: String, count: Int64), any Error>)
    }

    private let condition = NSCondition()
    private var phase = Phase.background

    private final class Work {
        let digest: SHA256Digest
        let read: Reader
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BackgroundDigest.pieceSize, alignment: 64)
        var count: Int64 = 0

        init(_ open: () throws -> Reader) throws {
            digest = try SHA256Digest()
            read = try open()
        }

        deinit { buffer.deallocate() }

        /// Digests the next piece: false at the end of the stream.
        func step() throws -> Bool {
            let n = try read(buffer)
            guard n > 0 else { return false }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            count += Int64(n)
            return true
        }
    }

    /// Starts digesting what `open` gives (called once, on the digest thread).
    public init(_ open: @escaping @Sendable () throws -> Reader) {
        let thread = Thread { [self] in
            // A scheduling hint: if it were refused the digest would only run at normal priority.
            _ = hub_thread_run_when_idle()
            runInBackground(open)
        }
        thread.name = "hubctl-digest"
        thread.start()
    }

    private func runInBackground(_ open: () throws -> Reader) {
        let outcome: Result<(hex: String, count: Int64), any Error>
        do {
            let work = try Work(open)
            while true {
                condition.lock()
                switch phase {
                case .background:
                    condition.unlock()
                case .handOver:
                    phase = .caller(work)
                    condition.broadcast()
                    condition.unlock()
                    return
                case .cancelled, .caller, .finished:
                    condition.unlock()
                    return
                }
                guard try work.step() else { break }
            }
            outcome = .success((work.digest.finalize(), work.count))
        } catch {
            outcome = .failure(error)
        }
        condition.lock()
        if case .cancelled = phase {} else { phase = .finished(outcome) }
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the caller has asked for the rest of the work (tests wait for it).
    var isHandOverRequested: Bool {
        condition.lock(); defer { condition.unlock() }
        if case .handOver = phase { return true }
        return false
    }

    /// Stops the digest at its next piece; `result()` must not be called after.
    public func cancel() {
        condition.lock()
        if case .finished = phase {} else { phase = .cancelled }
        condition.broadcast()
        condition.unlock()
    }

    /// The digest (lowercase hex) and the number of bytes digested, once the stream has been read to
    /// its end; the reader's error if it failed. Takes the rest of the work over from the thread.
    public func result() throws -> (hex: String, count: Int64) {
        condition.lock()
        if case .background = phase { phase = .handOver }
        while true {
            switch phase {
            case .finished(let outcome):
                condition.unlock()
                return try outcome.get()
            case .caller(let work):
                // The thread has left between two pieces (or before its first): the rest is ours.
                condition.unlock()
                let outcome = Result<(hex: String, count: Int64), any Error> {
                    while try work.step() {}
                    return (work.digest.finalize(), work.count)
                }
                condition.lock()
                phase = .finished(outcome)
                condition.unlock()
                return try outcome.get()
            case .cancelled:
                condition.unlock()
                throw HubError.internalError("The digest was cancelled.")
            case .background, .handOver:
                condition.wait()
            }
        }
    }
}
