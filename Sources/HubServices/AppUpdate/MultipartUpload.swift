// A multipart/form-data body of one file part, streamed: the part's head (the preamble), the file
// as its reader gives it, the closing boundary (the epilogue). Nothing of the file is held here:
// each piece of the file is read straight into the transport's buffer, and the exact length is
// known before the first byte is sent (Content-Length, no chunking). App Update's deploy sends its
// package this way (docs/protocol.md §17.10).

import Foundation
import HubCore
import HubTransport

public struct MultipartUpload: Sendable, Equatable {
    public let boundary: String
    /// `--boundary`, the part's headers and the blank line before the file's first byte.
    public let preamble: Data
    /// The line end after the file's last byte and the closing `--boundary--`.
    public let epilogue: Data

    /// One part named `field` holding `filename`, of type `type`. The boundary is refused when it
    /// could not delimit a part (RFC 2046 §5.1.1: 1 to 70 characters of its set, not ending in a space).
    public init(field: String, filename: String, type: String, boundary: String = MultipartUpload.newBoundary()) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ")
        guard (1...70).contains(boundary.count), boundary.allSatisfy(allowed.contains), boundary.last != " " else {
            throw HubError.internalError("\(HubError.quoted(boundary)) cannot be a multipart boundary.")
        }
        for value in [field, filename, type] where value.contains(where: { $0 == "\"" || $0 == "\r" || $0 == "\n" }) {
            throw HubError.internalError("\(HubError.quoted(value)) cannot go into a multipart part's headers.")
        }
        self.boundary = boundary
        preamble = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        epilogue = Data("\r\n--\(boundary)--\r\n".utf8)
    }

    /// A boundary no file is expected to hold: `hubctl-` and 32 random hex digits.
    public static func newBoundary() -> String {
        "hubctl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The request's Content-Type.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The whole body's length for a file of `length` bytes.
    public func length(of length: Int64) -> Int64 { Int64(preamble.count) + length + Int64(epilogue.count) }

    /// The body around `content`, whose length must be known: a stream is opened anew for every
    /// attempt (the transport's rule), bytes are read in place.
    public func body(around content: RequestBody) throws -> RequestBody {
        let (preamble, epilogue) = (self.preamble, self.epilogue)
        switch content {
        case .bytes(let data):
            return .bytes(preamble + data + epilogue)
        case .stream(let length?, let open):
            return .stream(length: self.length(of: length)) {
                Self.reader(preamble: preamble, content: try open(), epilogue: epilogue)
            }
        case .stream(nil, _):
            throw HubError.internalError("A multipart upload needs the file's length before it is sent.")
        }
    }

    /// The three pieces in order. The file's reader is given the transport's buffer (what is left
    /// of it after the preamble's last bytes), so no piece of the file is copied or kept here.
    static func reader(preamble: Data, content: @escaping BodyReader, epilogue: Data) -> BodyReader {
        var phase = 0, offset = 0
        return { buffer in
            while true {
                switch phase {
                case 0, 2:
                    let piece = phase == 0 ? preamble : epilogue
                    if offset < piece.count {
                        let n = min(buffer.count, piece.count - offset)
                        piece.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + n)])) }
                        offset += n
                        return n
                    }
                    if phase == 2 { return 0 }
                    (phase, offset) = (1, 0)
                default:
                    let n = try content(buffer)
                    if n > 0 { return n }
                    (phase, offset) = (2, 0)
                }
            }
        }
    }
}
