// The results of a batch: the NDJSON lines it writes, and what an earlier run's results say.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public enum BatchResults {
    /// The lines an earlier results file reports as succeeded, with the digest of each line as it
    /// was run. Every line of the file must be a result (`line`, `exitCode`, `lineSha256`), but for
    /// a cut-off last one (a killed run: that operation runs again); anything else is not a results
    /// file (65), so a wrong file never silently re-runs everything. `lock`: the file is locked
    /// shared while read, unless this process writes it (then its exclusive lock covers it).
    public static func succeededLines(in path: String, into done: inout [Int: String], lockShared: Bool) throws {
        let file: LineFile
        do { file = try BatchInput.open(path) } catch let e as HubError {
            throw HubError(e.kind, code: e.code, "Cannot read the results file \(path) given to --resume. Check the path (the file is the stdout, or --results, of an earlier batch).")
        }
        if lockShared { try ResultsLock.shared(file: file, path: path) }
        var pendingBad: Int?
        var number = 0
        while let text = file.readTextLine() {
            number += 1
            if let bad = pendingBad {
                throw HubError.data("\(path) is not the results of a batch: its line \(bad) is not a result. Give --resume the results an earlier `hubctl batch` wrote.", code: .notAResultsFile)
            }
            if text.isEmpty { continue }
            guard let value = try? JSONValue.read(Data(text.utf8)) else {
                pendingBad = number  // a cut-off last line is allowed; another line after it is not
                continue
            }
            guard case .int(let number64)? = value["line"], number64 > 0, let line = Int(exactly: number64),
                  case .int(let code)? = value["exitCode"] else {
                throw HubError.data("\(path) is not the results of a batch: its line \(number) is not a result ({\"line\": …, \"exitCode\": …}). Give --resume the results an earlier `hubctl batch` wrote.", code: .notAResultsFile)
            }
            guard let digest = value["lineSha256"]?.stringValue, digest.count == 64 else {
                throw HubError.data("\(path) line \(number) has no line digest (\"lineSha256\"): it was written by an older hubctl, and its line numbers alone cannot tell whether the jobs file changed since. Run the batch again without --resume, or with a results file of this version.", code: .notAResultsFile)
            }
            if code == 0 { done[line] = digest }
        }
    }

    /// `{"line":N,"lineSha256":"…","exitCode":0,"output":…}`: the command's own compact JSON
    /// document embedded as it is.
    public static func success(line: Int, digest: String, stdout: Data) -> Data {
        var body = stdout
        while let last = body.last, last == 0x0A || last == 0x0D || last == 0x20 { body.removeLast() }
        var result = Data("{\"line\":\(line),\"lineSha256\":\"\(digest)\",\"exitCode\":0,\"output\":".utf8)
        if body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[") {
            result.append(body)
        } else if body.isEmpty {
            result.append(Data("null".utf8))
        } else {
            result.append(Data((try? JSONValue.object(["text": .string(String(decoding: body, as: UTF8.self))]).written(pretty: false)) ?? Array("null".utf8)))
        }
        result.append(Data("}".utf8))
        return result
    }

    /// `{"line":N,"lineSha256":"…","exitCode":C,"error":{…}}`, the error object as `Console.emitError` wrote it.
    public static func failure(line: Int, digest: String, exitCode: Int32, errorObject: Data) -> Data {
        var result = Data("{\"line\":\(line),\"lineSha256\":\"\(digest)\",\"exitCode\":\(exitCode),\"error\":".utf8)
        result.append(errorObject)
        result.append(Data("}".utf8))
        return result
    }

    public static func errorObject(_ error: HubError) -> Data {
        Data((try? ErrorDocument(error).body.written(pretty: false)) ?? Array("{}".utf8))
    }

    /// The exit codes of failed lines from most to least severe: a bug, then what the input or the
    /// set-up must fix (usage, configuration, credentials, local files, data), then what may pass
    /// by itself (unavailable, temporary), so a re-run with --resume is the answer to the last two.
    static let severity: [Int32] = [70, 64, 78, 77, 73, 65, 66, 69, 75]

    public static func moreSevere(_ a: Int32, than b: Int32) -> Bool {
        if b == 0 { return a != 0 }
        let rank = { (code: Int32) in severity.firstIndex(of: code) ?? severity.count }
        return rank(a) < rank(b)
    }
}

/// One batch at a time per results file (docs/security.md §16): the file the results go to is
/// locked exclusively for the whole run, a file read for --resume shared while it is read; neither
/// waits, so a second batch on the same file ends at once with `results_in_use` (75).
public enum ResultsLock {
    /// Locks `fd` exclusively, or says who holds it.
    static func exclusive(fd: Int32, path: String) throws {
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw busy(path) }
    }

    static func shared(file: LineFile, path: String) throws {
        guard flock(file.descriptor, LOCK_SH | LOCK_NB) == 0 else { throw busy(path) }
    }

    static func busy(_ path: String) -> HubError {
        HubError(.temporary, code: .resultsInUse,
                 "Another batch is writing the results file \(path). Wait for it to end (or stop it), then run again with --resume \(path); two batches on one results file would run the same operations twice.")
    }

    /// The device and inode of an open file, to tell whether two names are one file.
    static func identity(fd: Int32) -> (UInt64, UInt64)? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    public static func identity(path: String) -> (UInt64, UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
