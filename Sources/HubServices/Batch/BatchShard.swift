// `--shard I/N`: which lines of a batch this process runs.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--shard I/N`: the lines whose identity hashes to I modulo N.
public struct BatchShard: Equatable, Sendable {
    let index: Int
    let count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public init(parsing text: String, environment: [String: String]) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
            throw HubError.usage("--shard must be I/N with 0 <= I < N, e.g. 0/4, or /N to take I from JOB_COMPLETION_INDEX (got '\(text)').")
        }
        let indexText = parts[0].isEmpty ? environment["JOB_COMPLETION_INDEX"] : String(parts[0])
        guard let indexText else {
            throw HubError.usage("--shard \(text) takes the shard index from JOB_COMPLETION_INDEX, which is not set. Give it as I/\(count).")
        }
        guard let index = Int(indexText), (0..<count).contains(index) else {
            throw HubError.usage("The shard index must be a whole number from 0 to \(count - 1) (got '\(indexText)').")
        }
        self.init(index: index, count: count)
    }

    public func owns(_ identity: String) -> Bool {
        Int(Self.fnv1a(identity) % UInt64(count)) == index
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: the same on every machine and every run (Swift's
    /// `Hasher` is seeded per process, so it cannot split work across machines).
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
