// The C libraries hubctl loads on first use (Sources/CLibraries): a command loads only what its
// work needs, and a missing library is a clear error, not a loader failure at start.
import CLibraries

public enum SharedLibrary: Sendable {
    case curl, archive, xml

    private var library: hub_library {
        switch self {
        case .curl: HUB_LIBRARY_CURL
        case .archive: HUB_LIBRARY_ARCHIVE
        case .xml: HUB_LIBRARY_XML
        }
    }

    /// The soname loaded, e.g. `libcurl.so.4`.
    public var soname: String { String(cString: hub_library_soname(library)) }

    /// The Debian package that provides it (what the error tells the user to install).
    var package: String {
        switch self {
        case .curl: "libcurl4"
        case .archive: "libarchive13"
        case .xml: "libxml2"
        }
    }

    /// Loads the library unless it is loaded; call before the first use of its functions.
    public func require() throws(HubError) {
        var message: UnsafePointer<CChar>?
        guard hub_library_load(library, &message) != 0 else { return }
        let reason = message.map { String(cString: $0) } ?? soname
        var error = HubError(.unavailable, code: .libraryUnavailable,
                             "hubctl could not load \(soname), which this command needs: \(reason).")
        error.hint = "Install the \(package) package (apt-get install \(package))."
        throw error
    }
}
