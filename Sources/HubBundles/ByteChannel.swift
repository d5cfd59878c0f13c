// A bounded, thread-safe byte pipe from a producer thread (an HTTP download) to the archive reader.

import Foundation
import HubCore

/// Where the extractor pulls archive bytes from. `read` fills up to `buffer.count` bytes and
/// returns how many it wrote, 0 at the end of the stream; it throws whatever made the source fail
/// (a download error, for instance), and the extractor rethrows that error unchanged.
public protocol ArchiveByteSource: AnyObject {
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Thrown to the producer by `ByteChannel.write` once the consumer has given up (a hostile archive,
/// a cap reached): the producer should stop downloading. The consumer's own error is the one to report.
public struct ByteChannelCancelled: Error, Sendable {
    public init() {}
}

/// A single-producer, single-consumer pipe over a fixed ring buffer, so memory stays bounded
/// however fast the network is: `write` blocks while the buffer is full, `read` blocks while it is
/// empty (both on a condition variable, never spinning).
///
/// Producer side (e.g. curl's write callback): `write(_:)` for each chunk, then `finish()` or
/// `fail(_:)`. Consumer side: `read(into:)` until it returns 0; `cancel()` to make the producer's
/// next (or current, blocked) `write` throw `ByteChannelCancelled`.
// @unchecked: the reader and writer block on a condition variable (a Mutex cannot wait) over a raw ring buffer.
public final class ByteChannel: ArchiveByteSource, @unchecked Sendable {
    // Every mutable field below is guarded by `condition`.
    private let condition = NSCondition()
    private let storage: UnsafeMutableRawPointer
    public let capacity: Int
    private var head = 0          // next byte to read
    private var count = 0         // bytes buffered
    private var finished = false  // producer said: no more bytes
    private var producerError: (any Error)?
    private var cancelled = false
    private var written: Int64 = 0
    private var peak = 0
    private var expected: Int64?
    private var described: BundleDescription?

    /// `capacity` bounds the bytes held in memory (default 1 MiB: four 256 KiB chunks).
    public init(capacity: Int = 4 * 256 * 1024) {
        precondition(capacity > 0, "a ByteChannel needs room for at least one byte")
        self.capacity = capacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    // MARK: Producer

    /// Copies `bytes` into the pipe, blocking while it is full. Throws `ByteChannelCancelled` when
    /// the consumer has cancelled (also while blocked), so a download aborts promptly.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        condition.lock()
        defer { condition.unlock() }
        while remaining > 0 {
            while count == capacity && !cancelled { condition.wait() }
            if cancelled { throw ByteChannelCancelled() }
            precondition(!finished && producerError == nil, "ByteChannel.write after finish() or fail()")
            // Copy into the free space, at most up to the end of the ring, then go round.
            let tail = (head + count) % capacity
            let n = min(remaining, capacity - count, capacity - tail)
            (storage + tail).copyMemory(from: source, byteCount: n)
            count += n
            written += Int64(n)
            peak = max(peak, count)
            source += n
            remaining -= n
            condition.broadcast()
        }
    }

    /// Convenience for producers holding `Data` or `[UInt8]`.
    public func write<D: ContiguousBytes>(_ data: D) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// The producer's announcement of the total size (e.g. Content-Length), for progress only.
    public func setExpectedLength(_ length: Int64?) {
        condition.lock(); expected = length; condition.unlock()
    }

    /// What the server said about the bundle (its headers), handed over before `finish()`: the
    /// consumer reads it once it has read the end of the stream.
    public func describe(_ description: BundleDescription) {
        condition.lock(); described = description; condition.unlock()
    }

    /// What the producer handed over with `describe`, if anything.
    public var bundleDescription: BundleDescription? {
        condition.lock(); defer { condition.unlock() }
        return described
    }

    /// End of stream: the consumer reads what is buffered, then 0. Idempotent; ignored after `fail`.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The stream broke: the consumer's next `read` throws `error` (buffered bytes are dropped;
    /// an archive cut short is not worth finishing). The first failure wins; ignored after `finish`.
    public func fail(_ error: any Error) {
        condition.lock()
        if producerError == nil && !finished { producerError = error }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Consumer

    /// Blocks until bytes are available, the stream ended (returns 0) or failed (throws its error).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let destination = buffer.baseAddress, buffer.count > 0 else { return 0 }
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !finished && producerError == nil && !cancelled { condition.wait() }
        if let producerError { throw producerError }
        if cancelled { throw ByteChannelCancelled() }
        if count == 0 { return 0 }
        let n = min(buffer.count, count, capacity - head)
        destination.copyMemory(from: storage + head, byteCount: n)
        head = (head + n) % capacity
        count -= n
        condition.broadcast()
        return n
    }

    /// The consumer gives up: a blocked or later `write` throws `ByteChannelCancelled`.
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Observation

    /// Bytes the producer has written so far, and the announced total if any.
    public var progress: (bytes: Int64, total: Int64?) {
        condition.lock(); defer { condition.unlock() }
        return (written, expected)
    }

    /// The most bytes ever buffered at once: never more than `capacity` (tests check this).
    public var peakBufferedBytes: Int {
        condition.lock(); defer { condition.unlock() }
        return peak
    }
}

/// Reads an archive from a file or a pipe (tests, and a possible `--from-file`).
public final class FileByteSource: ArchiveByteSource {
    private let fd: Int32

    public init(path: String) throws {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw HubError.noInput("Cannot open \(path): \(String(cString: strerror(errno))). Check that the file exists and is readable.")
        }
    }

    deinit { close(fd) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = Foundation.read(fd, base, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw HubError.noInput("Cannot read the archive: \(String(cString: strerror(errno))).")
        }
    }
}

/// Reads an archive held in memory.
public final class DataByteSource: ArchiveByteSource {
    private let data: Data
    private var offset = 0

    public init(_ data: Data) { self.data = data }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = min(buffer.count, data.count - offset)
        guard n > 0 else { return 0 }
        data.withUnsafeBytes { raw in
            buffer.baseAddress!.copyMemory(from: raw.baseAddress! + offset, byteCount: n)
        }
        offset += n
        return n
    }
}
