// Reads a clienthub.plist safely: bounded size, XML or binary, and the line of each root key.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two encodings SAP's clients read. (OpenStep text plists are refused: Foundation parses
/// almost any text as an OpenStep string, which would turn garbage into "not a dictionary".)
public enum ClientHubPlistFormat: String, Codable, Sendable {
    case xml
    case binary
}

/// A property list as read from disk or stdin, before any clienthub rule is applied.
public struct ClientHubPlistDocument {
    /// The root object as `PropertyListSerialization` returned it.
    public var root: Any
    public var format: ClientHubPlistFormat
    /// For XML: each key of the root dictionary with the line of every `<key>` element naming it
    /// (more than one line means the key is duplicated). Empty for binary plists.
    public var keyLines: [String: [Int]]
}

/// Why a file could not be turned into a `ClientHubPlistDocument`.
public struct ClientHubReadFailure: Error, Sendable {
    public var code: ClientHubIssueCode
    public var message: String
    public var line: Int?
    /// The format the bytes look like (by their first bytes), when that can be told.
    public var format: ClientHubPlistFormat?
    /// True when the input itself is unavailable (missing, unreadable, a directory: exit 66; no end
    /// of input before the deadline: `timeout`, exit 75).
    public var inputUnavailable: Bool
}

public enum ClientHubPlistReader {
    /// Files above this size are refused before they are read: a clienthub.plist is a few hundred
    /// bytes, and Foundation parses the whole file into memory.
    public static let maximumSize = 4 * 1024 * 1024

    /// Reads at most `maximumSize` bytes of `path`; the size is checked with stat first so a huge
    /// file is refused without reading it, and the read itself is bounded for pipes and devices.
    /// A pipe or FIFO (`<(cmd)`) is read too, for at most `wait` seconds.
    public static func readFile(at path: String, wait: Double = BoundedFile.defaultWait) -> Result<Data, ClientHubReadFailure> {
        do throws(BoundedFile.Failure) {
            return .success(try BoundedFile.read(path: path, limit: maximumSize, wait: wait))
        } catch {
            switch error {
            case .missing:
                return .failure(unavailable(.notFound, "\(path) does not exist. Check the path (a relative path is taken from the current directory)."))
            case .directory:
                return .failure(unavailable(.notAFile, "\(path) is a directory, not a property list file. Name the clienthub.plist file inside it."))
            case .notRegular:
                return .failure(unavailable(.notAFile, "\(path) is not a regular file (a FIFO, socket or device); it was not opened. Give a file, or `-` to read standard input."))
            case .failed(.stat, let err):
                return .failure(unavailable(.unreadable, "Cannot read \(path): \(String(cString: strerror(err))). Check the path and its permissions."))
            case .failed(.open, let err):
                return .failure(unavailable(err == ENOENT ? .notFound : .unreadable, "Cannot open \(path): \(String(cString: strerror(err))). Check the path and its permissions."))
            case .failed(.read, _), .tooLarge, .timedOut:
                return .failure(readFailure(error, label: path))
            }
        }
    }

    /// The failures a read (after the open) can end in; also for standard input, which the command
    /// layer reads (HubConfig never reads the process's stdin).
    public static func readFailure(_ failure: BoundedFile.Failure, label: String) -> ClientHubReadFailure {
        switch failure {
        case .timedOut:
            return unavailable(.timeout, "\(label) gave no end of input in time (a FIFO nobody writes to, or a command that does not end); nothing was checked.")
        case .tooLarge(let size):
            return tooLarge(label, size: size)
        case .failed(_, EISDIR), .directory:
            return unavailable(.notAFile, "\(label) is a directory, not a property list file.")
        case .notRegular:
            return unavailable(.notAFile, "\(label) is not a regular file.")
        case .failed(_, let err):
            return unavailable(.unreadable, "Cannot read \(label): \(String(cString: strerror(err))).")
        case .missing:
            return unavailable(.notFound, "\(label) does not exist. Check the path (a relative path is taken from the current directory).")
        }
    }

    /// Parses bytes as an XML or binary property list. Never traps: Foundation's parser reports
    /// structural attacks (cycles, deep nesting, bad offsets) as errors, and the XML line scan is a
    /// streaming parse without recursion of our own.
    public static func parse(_ data: Data) -> Result<ClientHubPlistDocument, ClientHubReadFailure> {
        let guessed = guessFormat(data)
        if data.isEmpty {
            return .failure(ClientHubReadFailure(code: .emptyFile, message: "The file is empty. A clienthub.plist is an XML or binary property list whose root is a dictionary.", line: nil, format: nil, inputUnavailable: false))
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            return .failure(parseFailure(data, error: error, guessed: guessed))
        }
        switch format {
        case .binary:
            return .success(ClientHubPlistDocument(root: root, format: .binary, keyLines: [:]))
        case .xml:
            let scanner: RootKeyLineScanner
            do throws(HubError) { scanner = try RootKeyLineScanner.scan(data) }
            catch { return .failure(unavailable(.unreadable, error.message + (error.hint.map { " " + $0 } ?? ""))) }
            return .success(ClientHubPlistDocument(root: root, format: .xml, keyLines: scanner.lines))
        default:
            // Foundation reads nearly any text as an old-style (OpenStep) plist string, so this is
            // where garbage, and a damaged file that starts like a binary plist, end up.
            let what = guessed == .binary ? "a damaged binary property list" : "not an XML or binary property list"
            return .failure(ClientHubReadFailure(code: .parseError, message: "The file is \(what) (Foundation could read it only as an old-style text plist, which SAP's clients do not use). Save it as XML, e.g. with `plutil -convert xml1`.", line: nil, format: guessed, inputUnavailable: false))
        }
    }

    /// What the first bytes say; used to report a format even when parsing fails.
    static func guessFormat(_ data: Data) -> ClientHubPlistFormat? {
        if data.starts(with: Array("bplist".utf8)) { return .binary }
        var bytes = data.prefix(64)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D {
            bytes = bytes.dropFirst()
        }
        return bytes.first == UInt8(ascii: "<") ? .xml : nil
    }

    private static func parseFailure(_ data: Data, error: any Error, guessed: ClientHubPlistFormat?) -> ClientHubReadFailure {
        let ns = error as NSError
        var reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
        reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        if reason.count > 300 { reason = String(reason.prefix(300)) + "…" }
        var line = lineMentioned(in: reason)
        if line == nil, guessed == .xml {
            line = (try? RootKeyLineScanner.scan(data))?.errorLine
        }
        let what: String
        switch guessed {
        case .binary: what = "binary property list"
        case .xml: what = "XML property list"
        case nil: what = "property list (neither XML nor binary)"
        }
        var message = "Cannot parse the \(what)"
        if let line { message += " near line \(line)" }
        message += ": \(reason.isEmpty ? "unknown reason" : reason). Check the file with `plutil -lint` or re-export it as XML."
        return ClientHubReadFailure(code: .parseError, message: message, line: line, format: guessed, inputUnavailable: false)
    }

    /// CoreFoundation's XML parser words its errors "… on line 12 …".
    static func lineMentioned(in text: String) -> Int? {
        guard let range = text.range(of: "line ") else { return nil }
        let digits = text[range.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
        return digits.isEmpty ? nil : Int(digits.prefix(9))
    }

    private static func unavailable(_ code: ClientHubIssueCode, _ message: String) -> ClientHubReadFailure {
        ClientHubReadFailure(code: code, message: message, line: nil, format: nil, inputUnavailable: true)
    }

    private static func tooLarge(_ label: String, size: Int64?) -> ClientHubReadFailure {
        let limit = "\(maximumSize / (1024 * 1024)) MiB"
        let actual = size.map { " (\($0) bytes)" } ?? ""
        return ClientHubReadFailure(code: .tooLarge, message: "\(label) is larger than \(limit)\(actual); a clienthub.plist is a few hundred bytes. Check that this is the right file.", line: nil, format: nil, inputUnavailable: false)
    }
}

/// Streams an XML plist once to note the line of each `<key>` of the root dictionary, and the line
/// where a malformed document stops parsing. Read with XMLDocumentReader (libxml2, loaded on first
/// use): the DOCTYPE of a plist is read past, never loaded; an entity declaration ends the scan.
struct RootKeyLineScanner {
    private(set) var lines: [String: [Int]] = [:]
    private(set) var errorLine: Int?
    private var depth = 0
    /// Depth of the root `<dict>`: 2 inside `<plist>`, 1 when the document is a bare `<dict>`.
    private var rootDictDepth: Int?
    private var currentKey: String?
    private var currentKeyLine = 0

    /// Throws only when libxml2 cannot be loaded (`library_unavailable`).
    static func scan(_ data: Data) throws(HubError) -> RootKeyLineScanner {
        var scanner = RootKeyLineScanner()
        let outcome = try XMLDocumentReader.read(data, limits: XMLReadLimits(maximumBytes: ClientHubPlistReader.maximumSize, allowsDoctype: true)) { event in
            scanner.take(event)
        }
        if case .failed(let failure) = outcome { scanner.errorLine = failure.line }
        return scanner
    }

    private mutating func take(_ event: XMLEvent) -> XMLReadNext {
        switch event {
        case .start(let tag):
            // Names as written: a plist has no namespaces.
            let elementName = tag.name.qualifiedName
            depth += 1
            if depth == 1 {
                if elementName == "dict" { rootDictDepth = 1 }
            } else if depth == 2, elementName == "dict", rootDictDepth == nil {
                rootDictDepth = 2
            } else if let root = rootDictDepth, depth == root + 1, elementName == "key" {
                currentKey = ""
                currentKeyLine = tag.line
            }
        case .text(let string):
            if currentKey != nil, currentKey!.utf8.count < 4096 { currentKey! += string }
        case .end:
            if let key = currentKey, let root = rootDictDepth, depth == root + 1 {
                lines[key, default: []].append(currentKeyLine)
                currentKey = nil
            }
            if let root = rootDictDepth, depth == root {
                // The root dictionary is closed: nothing after it matters.
                return .stop
            }
            depth -= 1
        }
        return .proceed
    }
}
