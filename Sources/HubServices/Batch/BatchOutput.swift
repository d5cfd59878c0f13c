// Where `hubctl batch` writes its results (docs/usage.md "batch"; docs/architecture.md "Batch"):
// stdout or a --results file, each line written whole.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where a batch's results go, held for the whole run: stdout, or the --results file. A results
/// file, and stdout when it is a regular file (`>> results.ndjson`), are locked exclusively, so a
/// second batch on the same file ends at once (`results_in_use`, 75) instead of doing the work twice.
public final class BatchOutput: Sendable {
    /// Device and inode of the locked results file (nil for a pipe or a terminal).
    public let identity: (UInt64, UInt64)?
    public let write: @Sendable (Data) -> Void
    private let descriptor: Int32?

    private init(identity: (UInt64, UInt64)?, descriptor: Int32?, write: @escaping @Sendable (Data) -> Void) {
        self.identity = identity
        self.descriptor = descriptor
        self.write = write
    }

    deinit { if let descriptor { close(descriptor) } }

    /// `results` nil: stdout, written through `stdout`; `stdoutIsProcess` says whether that is this
    /// process's descriptor 1 (not a console a test or a batch captures).
    public static func open(results: String?, stdoutIsProcess: Bool, stdout: @escaping @Sendable (Data) -> Void) throws -> BatchOutput {
        guard let path = results else {
            // stdout: locked when this process's descriptor 1 is a regular file.
            var info = stat()
            if stdoutIsProcess, fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                try ResultsLock.exclusive(fd: STDOUT_FILENO, path: "on standard output")
                return BatchOutput(identity: ResultsLock.identity(fd: STDOUT_FILENO), descriptor: nil, write: stdout)
            }
            return BatchOutput(identity: nil, descriptor: nil, write: stdout)
        }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw HubError(.cannotCreate, code: .cannotCreate,
                           "Cannot open the results file \(path) for appending: \(String(cString: strerror(errno))). Check the path and its directory.")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HubError.noInput("The results file \(path) is not a regular file.", code: .notAFile)
        }
        do { try ResultsLock.exclusive(fd: fd, path: path) } catch {
            close(fd)
            throw error
        }
        let lock = Mutex(())
        return BatchOutput(identity: ResultsLock.identity(fd: fd), descriptor: fd, write: { data in
            lock.withLock { _ in
                data.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                        if n < 0 { if errno == EINTR { continue }; return }
                        offset += n
                    }
                }
            }
        })
    }
}
