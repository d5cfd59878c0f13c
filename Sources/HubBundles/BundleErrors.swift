// The refusals HubBundles throws, worded once, with their stable codes (all exit 65 unless noted).

import Foundation
import HubCore

extension HubError {
    private static let refusedAdvice = "The bundle was refused and nothing was installed; the previous profile is still current. Ask the administrator to check the uploaded bundle."

    static func unsafePath(_ path: String, _ why: String) -> HubError {
        .data("The bundle contains an unsafe entry name \(quoted(path)): \(why). \(refusedAdvice)",
              code: ErrorCode.unsafePath)
    }

    static func pathTooLong(_ path: String, _ why: String) -> HubError {
        .data("The bundle contains an entry name that is too long or too deep (\(quoted(path))): \(why). \(refusedAdvice)",
              code: ErrorCode.pathTooLong)
    }

    static func unsafeEntryType(_ path: String, _ type: String) -> HubError {
        .data("The bundle contains \(type) \(quoted(path)); only regular files and directories are allowed. \(refusedAdvice)",
              code: ErrorCode.unsafeEntryType)
    }

    static func duplicateEntry(_ path: String) -> HubError {
        .data("The bundle contains \(quoted(path)) twice, or as both a file and a directory. \(refusedAdvice)",
              code: ErrorCode.duplicateEntry)
    }

    static func tooManyEntries(_ cap: Int) -> HubError {
        .data("The bundle has more than \(cap) entries. \(refusedAdvice) If it is legitimate, raise the entry cap.",
              code: ErrorCode.tooManyEntries)
    }

    static func tooLarge(_ what: String, cap: Int64) -> HubError {
        .data("\(what) is larger than the cap of \(cap) bytes (counted while extracting). \(refusedAdvice) If it is legitimate, raise the size cap.",
              code: ErrorCode.tooLarge)
    }

    static func corruptArchive(_ detail: String) -> HubError {
        .data("The bundle is not a readable zip/jar or tar archive (\(detail)). \(refusedAdvice) If the download was cut short, try again.",
              code: ErrorCode.corruptArchive)
    }

    /// A filesystem failure while writing the profile: exit 73 (or 66 when something vanished).
    static func filesystem(_ what: String, _ err: Int32) -> HubError {
        AtomicFile.fileError(what, err)
    }
}
