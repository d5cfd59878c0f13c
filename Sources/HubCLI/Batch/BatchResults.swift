// The results of a batch: the NDJSON lines it writes, and what an earlier run's results say.

import ArgumentParser
import Foundation
import HubCore
import HubTransport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum BatchResults {
    /// Adds the line numbers an earlier results file reports with exit code 0. A line that is not
    /// a result (the cut-off last line of a killed run) is skipped: that operation runs again.
    static func succeededLines(in path: String, into done: inout Set<Int>) throws {
        let file: LineFile
        do { file = try BatchInput.open(path) } catch let e as HubError {
            throw HubError(e.kind, code: e.code, "Cannot read the results file \(path) given to --resume. Check the path (the file is the stdout of an earlier batch).")
        }
        while let text = file.readLine() {
            guard !text.isEmpty,
                  let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
                  let line = object["line"] as? Int, let code = object["exitCode"] as? Int, code == 0 else { continue }
            done.insert(line)
        }
    }

    /// `{"line":N,"exitCode":0,"output":…}`: the command's own compact JSON document embedded as it is.
    static func success(line: Int, stdout: Data) -> Data {
        var body = stdout
        while let last = body.last, last == 0x0A || last == 0x0D || last == 0x20 { body.removeLast() }
        var result = Data("{\"line\":\(line),\"exitCode\":0,\"output\":".utf8)
        if body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[") {
            result.append(body)
        } else if body.isEmpty {
            result.append(Data("null".utf8))
        } else {
            result.append((try? JSONOutput.encode(["text": String(decoding: body, as: UTF8.self)], pretty: false)) ?? Data("null".utf8))
        }
        result.append(Data("}".utf8))
        return result
    }

    /// `{"line":N,"exitCode":C,"error":{…}}`, the error object as `Console.emitError` wrote it.
    static func failure(line: Int, exitCode: Int32, errorObject: Data) -> Data {
        var result = Data("{\"line\":\(line),\"exitCode\":\(exitCode),\"error\":".utf8)
        result.append(errorObject)
        result.append(Data("}".utf8))
        return result
    }

    static func errorObject(_ error: HubError) -> Data {
        (try? JSONOutput.encode(ErrorDocument(error).error, pretty: false)) ?? Data("{}".utf8)
    }

    /// The exit codes of failed lines from most to least severe: a bug, then what the input or the
    /// set-up must fix (usage, configuration, credentials, local files, data), then what may pass
    /// by itself (unavailable, temporary), so a re-run with --resume is the answer to the last two.
    static let severity: [Int32] = [70, 64, 78, 77, 73, 65, 66, 69, 75]

    static func moreSevere(_ a: Int32, than b: Int32) -> Bool {
        if b == 0 { return a != 0 }
        let rank = { (code: Int32) in severity.firstIndex(of: code) ?? severity.count }
        return rank(a) < rank(b)
    }
}
