// Process-wide facts a command needs: environment variables and where hubctl keeps its files.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum HubPaths {
    /// `--home` / `HUBCTL_HOME`, else `${XDG_DATA_HOME:-~/.local/share}/hubctl`.
    public static func defaultHome(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/hubctl" }
        return homeDirectory(environment) + "/.local/share/hubctl"
    }

    /// `$HUBCTL_CONFIG`, else `${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml`.
    public static func defaultConfigFile(environment: [String: String]) -> String {
        if let p = environment["HUBCTL_CONFIG"], !p.isEmpty { return p }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/hubctl/config.yaml" }
        return homeDirectory(environment) + "/.config/hubctl/config.yaml"
    }

    public static func homeDirectory(_ environment: [String: String]) -> String {
        if let h = environment["HOME"], !h.isEmpty { return h }
        return NSHomeDirectory()
    }
}

public enum ProcessEnvironment {
    /// The process's environment as `ProcessInfo.processInfo.environment` gives it, read from
    /// `environ` directly: ProcessInfo's first use costs about 0.3 ms of every call, and its
    /// dictionary grows (and rehashes) one variable at a time.
    public static func read() -> [String: String] {
        entries(environ)
    }

    /// `NAME=value` entries up to a null pointer, as Foundation reads them: split at the first `=`,
    /// an entry without one left out, the last of repeated names kept, bytes that are not UTF-8
    /// repaired.
    static func entries(_ list: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var count = 0
        while list[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        for index in 0..<count {
            guard let entry = list[index], let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { continue }
            let name = UnsafeRawBufferPointer(start: entry, count: equals - entry)
            result[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
        }
        return result
    }
}
