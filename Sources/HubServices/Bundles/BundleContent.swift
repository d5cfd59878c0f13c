// What `bundle publish` sends, found from its FILE argument below the command layer: stdin spooled
// (its extension sniffed: a zip, a PDF), a directory zipped as it is sent (the plan made first), or a
// file as it is, with its extension checked; every refusal before anything is sent. The bytes are
// read through the command layer's input (the closures it hands down), never from stdin here.

import Foundation
import HubBundles
import HubCore

/// How the command layer opens what FILE names: stdin spooled, or a file through one descriptor,
/// each at most `limit` bytes and waited for until the command's deadline.
public struct BundleInput {
    var spoolStdin: (_ limit: Int64) throws(BoundedFile.Failure) -> InputFile
    var openFile: (_ path: String, _ limit: Int64) throws(BoundedFile.Failure) -> InputFile
    var deadline: ContinuousClock.Instant

    public init(spoolStdin: @escaping (Int64) throws(BoundedFile.Failure) -> InputFile,
                openFile: @escaping (String, Int64) throws(BoundedFile.Failure) -> InputFile, deadline: ContinuousClock.Instant) {
        self.spoolStdin = spoolStdin
        self.openFile = openFile
        self.deadline = deadline
    }
}

extension BundleSource {
    /// The content `file` names (`-`: stdin, a directory, a file) and the extension devices are
    /// told (`fileExtension`, else FILE's, zip for a directory, sniffed on stdin), checked before
    /// anything is sent.
    public static func content(_ file: String, fileExtension: String?, _ input: BundleInput) throws -> (BundleSource, String) {
        if file == "-" {
            let spooled: InputFile
            do throws(BoundedFile.Failure) {
                spooled = try input.spoolStdin(BundleAdmin.maximumBytes)
            } catch {
                if case .tooLarge = error { throw tooLarge("stdin", BundleAdmin.maximumBytes + 1) }
                throw HubError.input(error, label: "the bundle on stdin", limit: Int(BundleAdmin.maximumBytes), tooLarge: .tooLarge)
            }
            let source = try checked(spooled)
            if let fileExtension { return (source, fileExtension) }
            let head = (try? spooled.read(at: 0, count: 4)) ?? Data()
            if head.starts(with: [0x50, 0x4B]) { return (source, "zip") }
            if head.starts(with: Array("%PDF".utf8)) { return (source, "pdf") }
            throw HubError.usage("Give --extension for a bundle on stdin that is neither a zip nor a PDF. Nothing was sent.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw HubError.noInput("No bundle content at \(file). Check the path.", code: .fileNotFound)
        }
        if isDirectory.boolValue {
            let zip = try DeterministicZip.plan(directory: file, limit: BundleAdmin.maximumBytes, until: input.deadline)
            return (.directory(zip, path: file), fileExtension ?? "zip")
        }
        let opened: InputFile
        do throws(BoundedFile.Failure) {
            opened = try input.openFile(file, BundleAdmin.maximumBytes)
        } catch {
            if case .tooLarge(let size) = error { throw tooLarge(file, size ?? BundleAdmin.maximumBytes + 1) }
            throw HubError.input(error, label: file, limit: Int(BundleAdmin.maximumBytes), tooLarge: .tooLarge)
        }
        if let fileExtension { return (try checked(opened), fileExtension) }
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        guard !ext.isEmpty else { throw HubError.usage("\(file) has no extension; give --extension. Nothing was sent.") }
        // The same rule as --extension's: the name's extension is sent as it is.
        guard BundleAdmin.isFileExtension(ext) else {
            throw HubError.usage("The extension \(HubError.quoted(ext)) of \(HubError.quoted(file)) is not a file extension (1–32 letters and digits); rename the file or give --extension. Nothing was sent.")
        }
        return (try checked(opened), ext)
    }
}
