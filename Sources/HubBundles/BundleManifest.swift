// META-INF/MANIFEST.MF of a bundle: the Java manifest format, and the check that it names the bundle asked for.
// The manifest is optional (SMP 3 and Mobile Services take any file; only SUP 2.x required one):
// docs/protocol.md §7.

import Foundation
import HubCore

/// The main section of a Java manifest (`Name: value` lines; a line starting with one space
/// continues the previous value; CRLF, LF or CR line ends). Later sections (per-entry
/// attributes after a blank line) are ignored: a bundle is named in the main section.
public struct BundleManifest: Sendable, Equatable {
    public static let path = "META-INF/MANIFEST.MF"
    public static let nameKey = "Customization-Resource-Bundle-Name"
    public static let versionKey = "Customization-Resource-Bundle-Version"
    /// A manifest is a few lines; anything bigger is not one.
    public static let maxBytes = 1 << 20

    public var attributes: [String: String]

    public var bundleName: String? { attributes[Self.nameKey] }
    public var bundleVersion: String? { attributes[Self.versionKey] }
    /// `<name>:<version>`, as `CustomizationBundleId` spells it, when both are present.
    public var bundleId: String? {
        guard let bundleName, let bundleVersion else { return nil }
        return "\(bundleName):\(bundleVersion)"
    }

    public init(attributes: [String: String]) { self.attributes = attributes }

    /// Parses manifest text; a line that is neither `Name: value` nor a continuation is an error.
    public init(parsing data: Data) throws {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Self.invalid("it is not UTF-8 text")
        }
        var attributes: [String: String] = [:]
        var lastKey: String?
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                if !attributes.isEmpty { break }   // end of the main section
                continue
            }
            if line.first == " " {
                guard let key = lastKey else { throw Self.invalid("it starts with a continuation line") }
                attributes[key, default: ""] += line.dropFirst()
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw Self.invalid("the line \(HubError.quoted(String(line))) is not 'Name: value'")
            }
            let key = String(line[..<colon])
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw Self.invalid("\(HubError.quoted(key)) is not a valid attribute name")
            }
            // The format wants ": " but an empty value ("Name:") is harmless.
            let value = line[line.index(after: colon)...]
            attributes[key] = String(value.first == " " ? value.dropFirst() : value)
            lastKey = key
        }
        self.attributes = attributes
    }

    /// Reads `META-INF/MANIFEST.MF` under an extracted tree (never following a link); nil when
    /// the bundle has none.
    public static func read(fromExtracted root: String) throws -> BundleManifest? {
        let file = (root as NSString).appendingPathComponent(path)
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let err = errno
            if err == ENOENT || err == ENOTDIR { return nil }
            if err == ELOOP { throw invalid("it is a symbolic link") }
            throw HubError.filesystem("read \(file)", err)
        }
        defer { close(fd) }
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.read(fd: fd, limit: maxBytes)
        } catch .tooLarge {
            throw invalid("it is larger than \(maxBytes) bytes")
        } catch .directory, .failed(_, errno: EISDIR) {
            throw invalid("it is a directory, not a file")
        } catch {
            let err: Int32 = if case .failed(_, let e) = error { e } else { EIO }
            throw HubError.filesystem("read \(file)", err)
        }
        return try BundleManifest(parsing: data)
    }

    /// Whether the manifest names a customization bundle at all (either attribute). A jar's
    /// ordinary manifest does not, and is not checked.
    public var namesBundle: Bool { bundleName != nil || bundleVersion != nil }

    /// Checks that the manifest names `bundleId` (`<name>:<version>`): a mismatch is an error
    /// naming both, so a bundle assigned under one id can never be recorded as another. A manifest
    /// that names no bundle passes; one that names only half of it is invalid.
    public func verify(bundleId expected: String) throws {
        guard namesBundle else { return }
        guard let actual = bundleId else {
            throw HubError.data("The bundle's \(Self.path) lacks \(Self.nameKey) or \(Self.versionKey), so it cannot be checked against \(HubError.quoted(expected)). Nothing was installed. Ask the administrator to fix the bundle's manifest.",
                                code: ErrorCode.manifestInvalid)
        }
        guard actual == expected else {
            throw HubError.data("The server sent bundle \(HubError.quoted(actual)) (from its manifest) but \(HubError.quoted(expected)) was asked for. Nothing was installed; the previous profile is still current. Ask the administrator to check which bundle is assigned.",
                                code: ErrorCode.bundleMismatch)
        }
    }

    static func invalid(_ why: String) -> HubError {
        .data("The bundle's \(path) is not a valid manifest: \(why). Nothing was installed. Ask the administrator to fix the bundle's manifest.",
              code: ErrorCode.manifestInvalid)
    }
}
