// An App Update deploy's body read as it arrives (issue 50): the multipart/form-data stream parsed
// chunk by chunk, the part named `file` written straight to a file and hashed (SHA-256) on the way,
// never held whole; then the zip's entry names read from its central directory on disk, which tell
// the platforms (docs/protocol.md §17.10 "The emulator").

import COpenSSL
import Foundation
import Hummingbird

/// Writes the part named `file` of a multipart/form-data body to a file descriptor.
struct MultipartFileSink {
    enum Failure: Error { case malformed(String) }

    private enum Phase { case boundary, headers, body(file: Bool), done }

    /// `\r\n--boundary`; the body's first delimiter lacks the CRLF, so the buffer starts with one.
    private let delimiter: [UInt8]
    private var buffer: [UInt8] = [13, 10]
    private var phase = Phase.boundary
    private let fd: Int32
    private let digest: OpaquePointer
    private(set) var bytes: Int64 = 0
    private(set) var sawFile = false
    /// The most bytes held at once (a chunk as it arrived and what was kept of the one before).
    private(set) var peakBuffered = 0
    /// Bytes of the other parts and of headers, which are small.
    private var otherBytes = 0

    /// The boundary of a `multipart/form-data` Content-Type; nil for any other type.
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.utf8.count > 70 ? nil : value
            }
        }
        return nil
    }

    init(boundary: String, fd: Int32) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.fd = fd
        digest = EVP_MD_CTX_new()
        EVP_DigestInit_ex(digest, EVP_sha256(), nil)
    }

    func free() { EVP_MD_CTX_free(digest) }

    /// The file part's SHA-256, hex.
    func sha256() -> String {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(digest, &out, &length)
        return out.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Reads the body to its end.
    mutating func read(_ body: RequestBody) async throws {
        for try await chunk in body {
            chunk.withUnsafeReadableBytes { buffer.append(contentsOf: $0) }
            peakBuffered = max(peakBuffered, buffer.count)
            try consume()
        }
        guard case .done = phase else { throw Failure.malformed("The multipart body ends before its closing boundary.") }
    }

    private mutating func consume() throws {
        while true {
            switch phase {
            case .done:
                buffer.removeAll(keepingCapacity: true)
                return
            case .boundary:
                guard let at = find(delimiter), at + delimiter.count + 2 <= buffer.count else { return try capOther() }
                let after = at + delimiter.count
                let tail = buffer[after..<after + 2]
                if tail.elementsEqual("--".utf8) { phase = .done; continue }
                guard tail.elementsEqual("\r\n".utf8) else { throw Failure.malformed("A boundary is not followed by CRLF.") }
                buffer.removeFirst(after + 2)
                phase = .headers
            case .headers:
                guard let end = find(Array("\r\n\r\n".utf8)) else { return try capOther() }
                let head = String(decoding: buffer[..<end], as: UTF8.self).lowercased()
                let isFile = head.split(separator: "\r\n").contains { line in
                    line.hasPrefix("content-disposition:") && line.contains("form-data") && line.contains("name=\"file\"")
                }
                if isFile { sawFile = true }
                buffer.removeFirst(end + 4)
                phase = .body(file: isFile)
            case .body(let isFile):
                if let at = find(delimiter) {
                    try emit(count: at, isFile)
                    phase = .boundary
                    continue
                }
                // Keep what could be the start of a delimiter.
                let safe = buffer.count - (delimiter.count - 1)
                if safe > 0 { try emit(count: safe, isFile) }
                return
            }
        }
    }

    private mutating func emit(count: Int, _ isFile: Bool) throws {
        guard count > 0 else { return }
        if isFile {
            try buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset < count {
                    let n = write(fd, raw.baseAddress! + offset, count - offset)
                    if n < 0 { if errno == EINTR { continue }; throw Failure.malformed("The emulator could not store the upload (errno \(errno)).") }
                    offset += n
                }
                EVP_DigestUpdate(digest, raw.baseAddress!, count)
            }
            bytes += Int64(count)
        } else {
            otherBytes += count
            try capOther()
        }
        buffer.removeFirst(count)
    }

    /// Headers and the other parts are small: past 1 MiB the body is refused.
    private func capOther() throws {
        if otherBytes + (phaseIsFile ? 0 : buffer.count) > 1 << 20 {
            throw Failure.malformed("The multipart body's headers or its other parts exceed 1 MiB.")
        }
    }

    private var phaseIsFile: Bool { if case .body(file: true) = phase { true } else { false } }

    /// The first index of `needle` in the buffer: memchr for its first byte, then memcmp.
    private func find(_ needle: [UInt8]) -> Int? {
        buffer.withUnsafeBytes { hay in
            needle.withUnsafeBytes { n in
                guard let base = hay.baseAddress, n.count <= hay.count else { return nil }
                var at = 0
                while at + n.count <= hay.count {
                    guard let hit = memchr(base + at, Int32(needle[0]), hay.count - n.count + 1 - at) else { return nil }
                    at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, n.baseAddress!, n.count) == 0 { return at }
                    at += 1
                }
                return nil
            }
        }
    }
}

/// The entry names of a zip on disk, from its end of central directory record and central
/// directory (no ZIP64: a zip under 4 GiB and 65,535 entries); nil when it is no such zip.
enum ZipEntryNames {
    static func read(_ path: String) -> [String]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size >= 22 else { return nil }
        let tailLength = min(size, 65_557)
        guard (try? file.seek(toOffset: size - tailLength)) != nil, let tail = try? file.read(upToCount: Int(tailLength)) else { return nil }
        let t = [UInt8](tail)
        var at = t.count - 22
        while at >= 0, le32(t, at) != 0x0605_4B50 { at -= 1 }
        guard at >= 0 else { return nil }
        let count = Int(le16(t, at + 10)), cdSize = UInt64(le32(t, at + 12)), cdOffset = UInt64(le32(t, at + 16))
        guard cdOffset != 0xFFFF_FFFF, cdOffset + cdSize <= size, cdSize <= 64 << 20,
              (try? file.seek(toOffset: cdOffset)) != nil, let cdData = try? file.read(upToCount: Int(cdSize)) else { return nil }
        let cd = [UInt8](cdData)
        var names: [String] = [], p = 0
        for _ in 0..<count {
            guard p + 46 <= cd.count, le32(cd, p) == 0x0201_4B50 else { return nil }
            let nameLength = Int(le16(cd, p + 28))
            guard p + 46 + nameLength <= cd.count else { return nil }
            names.append(String(decoding: cd[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self))
            p += 46 + nameLength + Int(le16(cd, p + 30)) + Int(le16(cd, p + 32))
        }
        return names
    }

    /// The platforms a package's names tell: the top-level `android/` and `ios/` folders of a
    /// hybrid package (UPLOADING: "android/www and/or ios/www in all lowercase"), else `AppModeler`
    /// for an MDK bundle, whose root holds `bundle.js`; nil for neither.
    static func platforms(_ names: [String]) -> [String]? {
        let tops = Set(names.compactMap { name -> String? in
            let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? String(parts[0]) : nil
        })
        let hybrid = ["android", "ios"].filter(tops.contains)
        if !hybrid.isEmpty { return hybrid }
        return names.contains("bundle.js") ? ["AppModeler"] : nil
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
}
