// What opens a vault: a passphrase (stretched with scrypt) or a raw 256-bit key (for CI).

import Foundation

/// The secret that opens a vault. A vault records in its header which kind created it, and only
/// that kind opens it. The bytes are held as given; callers keep them only as long as needed.
public enum VaultSecret: Sendable, Equatable {
    /// A passphrase, as UTF-8 bytes; stretched with scrypt.
    case passphrase([UInt8])
    /// A raw AES-256 key (exactly 32 bytes, e.g. base64 in `HUBCTL_VAULT_KEY`); no KDF.
    case rawKey([UInt8])

    public enum Kind: String, Sendable, Equatable, Codable {
        case passphrase, rawKey
    }

    public var kind: Kind {
        switch self {
        case .passphrase: .passphrase
        case .rawKey: .rawKey
        }
    }

    /// Same kind and same bytes, compared in constant time (`CRYPTO_memcmp`).
    public func matches(_ other: VaultSecret) -> Bool {
        switch (self, other) {
        case (.passphrase(let a), .passphrase(let b)), (.rawKey(let a), .rawKey(let b)):
            VaultCrypto.constantTimeEqual(a, b)
        default:
            false
        }
    }

    /// Parses `HUBCTL_VAULT_KEY`-style text: base64 of exactly 32 bytes; nil otherwise.
    public static func rawKey(base64 text: String) -> VaultSecret? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: trimmed), data.count == VaultCrypto.keyLength else { return nil }
        return .rawKey([UInt8](data))
    }
}

/// scrypt cost parameters. The defaults are OWASP's floor (N = 2^17, r = 8, p = 1, about 0.3 s);
/// anything outside `allowedLog2N` (or absurd r, p) is refused when read, before any work is done.
public struct ScryptParameters: Sendable, Equatable {
    public static let allowedLog2N: ClosedRange<Int> = 14...20
    public static let allowedR: ClosedRange<Int> = 1...32
    public static let allowedP: ClosedRange<Int> = 1...16
    public static let `default` = ScryptParameters(uncheckedLog2N: 17, r: 8, p: 1)

    public let log2N: Int
    public let r: Int
    public let p: Int

    /// nil when a parameter is outside the accepted ranges.
    /// scrypt needs 128·r·N bytes of memory and time in proportion to N·r·p: each is capped as a
    /// whole, so no combination of allowed parameters makes opening a vault cost minutes or gigabytes.
    public static let maximumMemoryBytes = 256 << 20
    public static let maximumWork = 1 << 23

    public init?(log2N: Int, r: Int, p: Int) {
        guard Self.allowedLog2N.contains(log2N), Self.allowedR.contains(r), Self.allowedP.contains(p) else { return nil }
        let n = 1 << log2N
        guard 128 * r * n <= Self.maximumMemoryBytes, n * r * p <= Self.maximumWork else { return nil }
        self.init(uncheckedLog2N: log2N, r: r, p: p)
    }

    private init(uncheckedLog2N: Int, r: Int, p: Int) {
        self.log2N = uncheckedLog2N
        self.r = r
        self.p = p
    }
}
