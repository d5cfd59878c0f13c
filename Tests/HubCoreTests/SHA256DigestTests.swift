// The one SHA-256 of hubctl (HubCore): known answers, pieces equal to the whole, and the one-shot
// digest (libcrypto's SHA-256 code directly) equal to the EVP digest.

import Foundation
@testable import HubCore
import Testing

@Suite struct SHA256DigestTests {
    /// FIPS 180-2's examples and the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownAnswers(_ message: String, _ expected: String) throws {
        #expect(try Array(message.utf8).withUnsafeBytes { try SHA256Digest.hex(of: $0) } == expected)
        let bytes = try Array(message.utf8).withUnsafeBytes { try SHA256Digest.bytes(of: $0) }
        #expect(bytes.count == 32)
        #expect(bytes.map { String(format: "%02x", $0) }.joined() == expected)
    }

    @Test func piecesGiveTheDigestOfTheWhole() throws {
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        let digest = try SHA256Digest()
        for piece in stride(from: 0, to: message.count, by: 7) {
            message[piece..<min(piece + 7, message.count)].withUnsafeBytes { digest.update($0) }
        }
        #expect(digest.finalize() == "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592")
        #expect(digest.finalize() == digest.finalize())
    }

    /// Seeded buffers of every length around SHA-256's 64-byte blocks and its 56-byte padding limit,
    /// and larger ones: the direct digest and the EVP digest agree.
    @Test func theOneShotDigestIsTheEVPDigest() throws {
        var random = SeededGenerator(state: 256)
        let lengths = Array(0...200) + [1000, 4095, 4096, 4097, 65_536, 1_000_003]
        for length in lengths {
            let buffer = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let direct = try buffer.withUnsafeBytes { try SHA256Digest.bytes(of: $0) }
            let evp = try buffer.withUnsafeBytes { try SHA256Digest.evpBytes(of: $0) }
            #expect(direct == evp, "\(length) bytes")
        }
    }
}
