// Where the Admin API is (docs/protocol.md §17): given (--admin-api, HUBCTL_ADMIN_API), else
// derived as SAP's code derives it: (a) from the instance's `dashboard_url`, host `-web` → `-api`,
// without `/index.html` and the fragment (JI `MobileServicesCockpitClient.java` 72-79); (b) from
// the offering's `broker_catalog.metadata.supportUrl`, `-web` → `-api`, plus
// `/cockpit/v1/org/{org}/space/{space}` (same file at de0ed266, 53-63); (c) from cf's `Target`
// minus the scheme, `api.cf.` and the port (MCP `src/cf-auth.ts` 91-136), which is a guess: warned.

import Foundation
import HubCore

public enum AdminAPIBase {
    /// `/cockpit/v1/org/{org}/space/{space}`.
    public static func path(org: String, space: String) -> String {
        "/cockpit/v1/org/" + SMPEndpoint.escape(segment: org) + "/space/" + SMPEndpoint.escape(segment: space)
    }

    /// A URL's parts: scheme, authority (host with port), path (without query and fragment).
    static func split(_ url: String) -> (scheme: String, host: String, path: String)? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let scheme = String(url[..<schemeEnd.lowerBound]).lowercased()
        guard scheme == "https" || scheme == "http" else { return nil }
        var rest = String(url[schemeEnd.upperBound...])
        if let cut = rest.firstIndex(where: { $0 == "#" || $0 == "?" }) { rest = String(rest[..<cut]) }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let host = String(rest[..<slash])
        guard !host.isEmpty else { return nil }
        return (scheme, host, String(rest[slash...]))
    }

    /// The host with its first label's `-web` as `-api` (`mobile-service-cockpit-web.cfapps…` →
    /// `mobile-service-cockpit-api.cfapps…`); any other host as it is.
    static func apiHost(_ host: String) -> String {
        let dot = host.firstIndex(of: ".") ?? host.endIndex
        let first = host[..<dot]
        guard first.hasSuffix("-web") else { return host }
        return String(first.dropLast(4)) + "-api" + host[dot...]
    }

    /// (a) From the instance's dashboard URL; nil when it is not an http(s) URL.
    public static func fromDashboard(_ dashboard: String) -> String? {
        guard let (scheme, host, rawPath) = split(dashboard) else { return nil }
        var path = rawPath
        if path.hasSuffix("/index.html") { path.removeLast("/index.html".count) }
        while path.hasSuffix("/") { path.removeLast() }
        return scheme + "://" + apiHost(host) + path
    }

    /// (b) From the offering's `supportUrl`, for `org` and `space` (GUIDs).
    public static func fromSupportURL(_ support: String, org: String, space: String) -> String? {
        guard let (scheme, host, _) = split(support) else { return nil }
        return scheme + "://" + apiHost(host) + path(org: org, space: space)
    }

    /// (c) From cf's `Target`: `https://api.cf.<landscape>` → the cockpit of `cfapps.<landscape>`,
    /// an extension landscape's `-NNN` removed from the landscape's first label (`eu10-004` →
    /// `eu10`, as SAP's MDK CLI derives it), with the warning to print (always: it is a guess).
    public static func fromTarget(_ target: String, org: String, space: String) -> (base: String, warning: String)? {
        guard let (_, authority, _) = split(target) else { return nil }
        var host = authority
        if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isNumber) { host = String(host[..<colon]) }
        guard host.hasPrefix("api.cf.") else { return nil }
        var landscape = String(host.dropFirst("api.cf.".count))
        guard !landscape.isEmpty else { return nil }
        var warning = ""
        // An extension landscape (eu10-004): its cockpit is the main landscape's (SAP's MDK CLI,
        // deploy-ms.js 969-976 as issue 50 quotes it; SAP-samples teched2025-AI166 ex2: CF
        // api.cf.eu10-004…, the cockpit cfapps.eu10…).
        let region = landscape.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? landscape
        if let dash = region.lastIndex(of: "-"), dash > region.startIndex, region.index(after: dash) < region.endIndex,
           region[region.index(after: dash)...].allSatisfy(\.isNumber) {
            let main = String(region[..<dash])
            landscape = main + landscape.dropFirst(region.count)
            warning = " CF landscape \(region) is an extension landscape: its cockpit is taken to be under cfapps.\(main)…, as SAP's MDK CLI takes it."
        }
        let base = "https://mobile-service-cockpit-api.cfapps." + landscape + path(org: org, space: space)
        warning = "The Admin API's address is a guess from cf's target (\(target)): \(base). If it fails, give --admin-api (the instance's \"Admin API\" link in the cockpit)." + warning
        return (base, warning)
    }
}
