// The decrypted contents of a vault: keys mapped to byte values with the time each was set.

import Foundation
import HubCore

/// One stored value. `value` is arbitrary bytes (newlines and non-UTF-8 survive).
public struct VaultEntry: Sendable, Equatable {
    public var value: Data
    public var updatedAt: Date

    public init(value: Data, updatedAt: Date) {
        self.value = value
        self.updatedAt = updatedAt
    }
}

/// Everything a vault holds. A value type: `VaultStore.update` hands a copy to its closure and
/// writes it back only when it changed.
public struct VaultContents: Sendable, Equatable {
    public private(set) var entries: [String: VaultEntry]

    public init(entries: [String: VaultEntry] = [:]) {
        self.entries = entries
    }

    /// Keys in a stable (sorted) order.
    public var keys: [String] { entries.keys.sorted() }

    public func value(forKey key: String) -> Data? { entries[key]?.value }
    public func entry(forKey key: String) -> VaultEntry? { entries[key] }

    public mutating func set(_ value: Data, forKey key: String, at date: Date = Date()) {
        entries[key] = VaultEntry(value: value, updatedAt: date)
    }

    /// The value as UTF-8 text (credentials, tokens); nil when missing or not UTF-8.
    public func string(forKey key: String) -> String? {
        entries[key].flatMap { String(data: $0.value, encoding: .utf8) }
    }

    public mutating func set(string: String, forKey key: String, at date: Date = Date()) {
        set(Data(string.utf8), forKey: key, at: date)
    }

    @discardableResult
    public mutating func remove(_ key: String) -> VaultEntry? {
        entries.removeValue(forKey: key)
    }

    // The plaintext payload: JSON, values base64 (JSONEncoder's Data strategy), dates as
    // fractional seconds since 1970 so "which copy is newer" comparisons keep their precision.
    private struct Payload: Codable {
        struct Entry: Codable {
            var value: Data
            var updatedAt: Date
        }
        var entries: [String: Entry]
    }

    func serialized() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        let payload = Payload(entries: entries.mapValues { Payload.Entry(value: $0.value, updatedAt: $0.updatedAt) })
        return [UInt8](try encoder.encode(payload))
    }

    static func deserialize(_ bytes: [UInt8]) throws -> VaultContents {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            let payload = try decoder.decode(Payload.self, from: Data(bytes))
            return VaultContents(entries: payload.entries.mapValues { VaultEntry(value: $0.value, updatedAt: $0.updatedAt) })
        } catch {
            // Authenticated but unreadable: written by something that had the key but not our format.
            throw VaultFormat.damaged("the decrypted contents are not a vault payload")
        }
    }
}
