// Process-wide facts a command needs: environment variables and where hubctl keeps its files.

import Foundation

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
