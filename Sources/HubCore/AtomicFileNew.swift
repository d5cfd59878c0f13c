// A new file written whole, never over an existing one: the key files of `hubctl app`.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AtomicFile {
    /// Writes `data` to `path` only when nothing is there: a temp file beside it (written and
    /// fsynced by `write`), then link(2), which fails with EEXIST rather than replace a file that
    /// appeared meanwhile (73). A reader never sees a half-written file.
    public static func writeNew(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let tmp = "\(dir.isEmpty ? "." : dir)/.\(base).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try write(data, to: tmp, mode: mode)
        defer { unlink(tmp) }
        guard link(tmp, path) == 0 else {
            let err = errno
            if err == EEXIST {
                throw HubError(.cannotCreate, code: .cannotCreate, "\(path) exists; hubctl does not write over a file it cannot tell it made. Remove it or choose another path.")
            }
            throw fileError("create \(path)", err)
        }
        syncDirectory(dir.isEmpty ? "." : dir)
    }
}
