// Many transfers on one connection pool: a libcurl multi handle driven by one thread, for
// `hubctl batch` (docs/architecture.md "Batch"). Each CurlHTTPClient keeps its own easy handle,
// retries, deadline and credentials; only the transfer itself runs on the shared multi handle, so
// keep-alive connections (and HTTP/2 streams, where the server offers HTTP/2) are shared by every
// operation of the batch, and a server that answers 429/503 slows the whole batch down.

import CCurl
import CCurlShim
import Foundation
import HubCore
import Synchronization

/// Owns a libcurl multi handle and the thread that drives it with `curl_multi_poll`. A worker
/// thread hands its prepared easy handle to `perform` and blocks until libcurl has finished it;
/// the driver adds it to the multi handle, runs every transfer in flight, and wakes the worker with
/// the result. Callbacks of the transfer (body, headers) therefore run on the driver thread while
/// the worker waits, which is the only time they run.
///
/// `@unchecked Sendable`: `multi` is a C handle used only by the driver thread after `init`
/// (`curl_multi_wakeup`, the one call made from other threads, is documented as thread-safe);
/// `queue` and `stopping` are read and written only under `lock`.
public final class CurlMultiDriver: @unchecked Sendable {
    /// The backoff every client of this driver respects (see `SharedBackoff`).
    public let backoff = SharedBackoff()

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var queue: [(UnsafeMutableRawPointer, Waiter)] = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// The result of one transfer, handed from the driver thread to the waiting worker.
    /// `@unchecked Sendable`: `code` is written by the driver before `done.signal()` and read by the
    /// worker only after `done.wait()`; the semaphore orders the two.
    private final class Waiter: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var code = CURLE_OK
    }

    /// `maxConnections`: idle connections kept open for reuse (libcurl's CURLMOPT_MAXCONNECTS).
    public init(maxConnections: Int) throws {
        try CurlHTTPClient.ensureInitialised()
        guard let multi = curl_multi_init() else {
            throw HubError.internalError("libcurl could not create a multi handle (out of memory?).")
        }
        self.multi = multi
        _ = hub_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, maxConnections))
        // HTTP/2 multiplexing where the server offers it (libcurl's default since 7.62; said here so
        // the intent is visible).
        _ = hub_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in drive() }
        thread.name = "hubctl-curl-multi"
        thread.start()
    }

    /// Runs the transfer prepared on `easy` and returns its result, as `curl_easy_perform` would.
    func perform(_ easy: UnsafeMutableRawPointer) -> CURLcode {
        let waiter = Waiter()
        lock.lock()
        if stopping {
            lock.unlock()
            return CURLE_FAILED_INIT
        }
        queue.append((easy, waiter))
        lock.unlock()
        curl_multi_wakeup(multi)
        waiter.done.wait()
        return waiter.code
    }

    /// Stops the driver once the transfers in flight are done, and frees the multi handle.
    public func shutdown() {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        guard !already else { return }
        curl_multi_wakeup(multi)
        finished.wait()
    }

    private func drive() {
        var active: [UnsafeMutableRawPointer: Waiter] = [:]
        while true {
            lock.lock()
            let incoming = queue
            queue.removeAll()
            let stop = stopping
            lock.unlock()
            for (easy, waiter) in incoming {
                if curl_multi_add_handle(multi, easy) == CURLM_OK {
                    active[easy] = waiter
                } else {
                    waiter.code = CURLE_FAILED_INIT
                    waiter.done.signal()
                }
            }
            if stop, active.isEmpty { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = hub_curl_msg_result(message)
                _ = curl_multi_remove_handle(multi, easy)
                if let waiter = active.removeValue(forKey: easy) {
                    waiter.code = result
                    waiter.done.signal()
                }
            }
            // Sleeps until a socket is ready, a timeout of a transfer is due, or `perform`/`shutdown`
            // calls curl_multi_wakeup; at most a second.
            _ = curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        curl_multi_cleanup(multi)
        finished.signal()
    }
}

/// A pause shared by every operation of a batch: when the server answers 429/503 (or another
/// retryable status) and a client backs off, every other client waits out the same pause before
/// its next attempt, so a storm of errors slows the whole batch instead of hammering the server.
public final class SharedBackoff: Sendable {
    private let notBefore = Mutex<ContinuousClock.Instant?>(nil)

    public init() {}

    /// Nobody starts an attempt in the next `seconds`.
    public func hold(for seconds: Double) {
        let until = ContinuousClock.now + .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
        notBefore.withLock { current in
            if let c = current, c >= until { return }
            current = until
        }
    }

    /// Waits until the pause is over, for at most `limit` seconds (what the deadline leaves).
    public func waitTurn(limit: Double) {
        guard let until = notBefore.withLock({ $0 }) else { return }
        let left = ContinuousClock.now.duration(to: until)
        let seconds = min(limit, left.inSeconds)
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
