// The route table (EmulatorRoutes): every row listed once, reached by its example requests and by no
// other row's, every world served from its own folder, and `hubctl-emulator --help` printing the table.

import Foundation
import HTTPTypes
import Testing
@testable import HubEmulator

@Suite struct RouteTableTests {
    /// Requests each row answers, by the row's path. Every row needs at least one.
    static let examples: [String: [(HTTPRequest.Method, String)]] = [
        "/_emulator": [(.get, "/_emulator"), (.post, "/_emulator/faults"), (.put, "/_emulator/cf/settings")],
        "/oauth2/api/v1/authorize": [(.get, "/oauth2/api/v1/authorize"), (.post, "/oauth2/api/v1/authorize")],
        "/oauth2/api/v1/token": [(.post, "/oauth2/api/v1/token"), (.get, "/oauth2/api/v1/token")],
        "/oauth/token": [(.post, "/oauth/token")],
        "**/mobileservices/push/v1/backend/**": [(.get, "/mobileservices/push/v1/backend/notifications/n1/status"),
                                                  (.get, "/key-path/mobileservices/push/v1/backend/other")],
        "**/mobileservices/push/v2/backend/**": [(.post, "/mobileservices/push/v2/backend/applications/a/notifications"),
                                                  (.get, "/uuid/mobileservices/push/v2/backend/registrations"),
                                                  (.get, "/mobileservices/push/v2/backend")],
        "**/mobileservices/origin/{origin}/bundles/v1/admin/{resource}/**": [
            (.post, "/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles"),
            (.put, "/key/mobileservices/origin/X/bundles/v1/admin/ApplicationResourceBundles(ApplicationId='a')/BundleFile"),
        ],
        "/": [(.get, "/")],
        "/v3/**": [(.get, "/v3/organizations"), (.delete, "/v3/service_instances/g"), (.get, "/v3")],
        "/cf-uaa/oauth/token": [(.post, "/cf-uaa/oauth/token"), (.get, "/cf-uaa/oauth/token")],
        AppUpdateHandler.path: [(.get, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/a"),
                                 (.post, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/a")],
        AppUpdateHandler.path + "/{action}": [
            (.put, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/a/promotePending"),
            (.post, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/a/deletePendings"),
            (.delete, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/a/android"),
        ],
        "/cockpit/v1/org/{org}/space/{space}/**": [
            // Two application ids: not App Update's address, so the cockpit's.
            (.get, "/cockpit/v1/org/o/space/s/app/a/service/app-update/Admin/kapsel/jaxrs/KapselApp/b"),(.get, "/cockpit/v1/org/o/space/s/apps"), (.post, "/cockpit/v1/org/o/space/s/app/a/restore")],
        "/clientlogs": [(.post, "/clientlogs")],
        "/mobileservices/management/versions": [(.get, "/mobileservices/management/versions")],
        "/mobileservices/push/v1/runtime/applications/{app}/os/{os}/devices/{device}": [
            (.post, "/mobileservices/push/v1/runtime/applications/a/os/android/devices/d"),
        ],
        "/mobileservices/push/v1/runtime/applications/{app}/pushconfigurations/os/{os}/pushid": [
            (.get, "/mobileservices/push/v1/runtime/applications/a/pushconfigurations/os/ios/pushid"),
        ],
        "/mobileservices/application/{app}/clientlogs/v1/runtime/log/application/{app}": [
            (.post, "/mobileservices/application/a/clientlogs/v1/runtime/log/application/a"),
        ],
        "/mobileservices/application/{app}/clientusage/v1/runtime/clientusage/application/{app}": [
            (.post, "/mobileservices/application/a/clientusage/v1/runtime/clientusage/application/a"),
        ],
        "/mobileservices/application/{app}/clientusage/v1/runtime/clientusage/application/{app}/device/{device}": [
            (.post, "/mobileservices/application/a/clientusage/v1/runtime/clientusage/application/a/device/d"),
        ],
        "/mobileservices/application/{app}/roleservice/application/{app}/v2/Me": [
            (.get, "/mobileservices/application/a/roleservice/application/a/v2/Me"),
        ],
        "/mobileservices/application/{app}/Storage/v1/runtime/application/{app}/global/mobileservices/settingsExchange": [
            (.get, "/mobileservices/application/a/Storage/v1/runtime/application/a/global/mobileservices/settingsExchange"),
        ],
        "/mobileservices/application/{app}/Storage/v1/runtime/application/{app}/global/mobileservices/settingsExchange/{member}": [
            (.get, "/mobileservices/application/a/Storage/v1/runtime/application/a/global/mobileservices/settingsExchange/passwordPolicy"),
        ],
        "/odata/applications/{version}/{app}/**": [(.get, "/odata/applications/v1/a"), (.post, "/odata/applications/v1/a/Connections"),
                                                   (.get, "/odata/applications/latest/a/Connections('x')")],
        "/odata/lcm/v1/ListApps": [(.post, "/odata/lcm/v1/ListApps")],
        "/odata/lcm/v1/Download/{app}/{platform}/{revision}": [(.get, "/odata/lcm/v1/Download/a/android/4")],
        "/public/odata/applications/{version}/{app}/**": [(.get, "/public/odata/applications/v1/a/$metadata")],
        "/bundles/{app}/**": [(.get, "/bundles/a/"), (.get, "/bundles/a/Name:1.0")],
        "/mobileservices/application/{app}/bundles/v1/runtime/bundle/application/**": [
            (.get, "/mobileservices/application/a/bundles/v1/runtime/bundle/application/a/bundle/n/version/1"),
        ],
    ]

    @Test func everyRowIsListedOnceAndEveryWorldHasRows() {
        let paths = EmulatorRoutes.table.map(\.path)
        #expect(Set(paths).count == paths.count, "two rows of one path")
        #expect(Set(Self.examples.keys) == Set(paths), "every row has its examples here, and only rows do")
        let worlds = Set(EmulatorRoutes.table.map(\.world))
        #expect(worlds == Set(EmulatorWorld.allCases))
        // The one row without a handler of its own is the control API's (its router answers).
        #expect(EmulatorRoutes.table.filter { $0.answer == nil }.map(\.world) == [.control])
    }

    @Test func eachExampleReachesItsRowAndNoOther() {
        for route in EmulatorRoutes.table {
            for (method, path) in Self.examples[route.path] ?? [] {
                let segments = EmulatorRoutes.segments(path, prefix: "")
                let matching = EmulatorRoutes.table.filter { $0.match(method: method, rawPath: path, segments: segments, prefix: "") != nil }
                // A more specific row may come before a trailing `**` row that also matches its
                // addresses (App Update before the cockpit's); otherwise rows are disjoint.
                #expect(matching.first?.path == route.path, "\(method) \(path)")
                let shadowed = matching.dropFirst().filter { !$0.path.hasSuffix("/**") }
                #expect(shadowed.isEmpty, "\(method) \(path) also matches \(shadowed.map(\.path))")
                #expect(EmulatorRoutes.route(method: method, rawPath: path, prefix: "")?.route.path == route.path, "\(method) \(path)")
            }
        }
    }

    @Test func theConfiguredPrefixComesBeforeTheServicesAddresses() {
        let prefix = "relay/client"
        #expect(EmulatorRoutes.route(method: .get, rawPath: "/relay/client/v3/organizations", prefix: prefix)?.route.path == "/v3/**")
        #expect(EmulatorRoutes.route(method: .get, rawPath: "/v3/organizations", prefix: prefix) == nil)
        // The OAuth endpoints take the path with the prefix or without; the control API ignores it.
        #expect(EmulatorRoutes.route(method: .post, rawPath: "/relay/client/oauth2/api/v1/token", prefix: prefix)?.route.path == "/oauth2/api/v1/token")
        #expect(EmulatorRoutes.route(method: .post, rawPath: "/oauth2/api/v1/token", prefix: prefix)?.route.path == "/oauth2/api/v1/token")
        #expect(EmulatorRoutes.route(method: .get, rawPath: "/_emulator/state", prefix: prefix)?.route.world == .control)
        // The CF root is `/` itself: not the prefix alone.
        #expect(EmulatorRoutes.route(method: .get, rawPath: "/relay/client/", prefix: prefix) == nil)
    }

    @Test func whatNoRowNamesIsTheRegistrationServicesToRead() {
        let unrouted: [(HTTPRequest.Method, String)] = [
            (.get, "/nothing/here"), (.post, "/"), (.head, "/"), (.get, "//"), (.get, "/bundles/"), (.get, "/_emulatorx"),
            (.get, "/mobileservices/application/a/clientlogs/v1/runtime/log/application/b"),
            (.get, "/mobileservices/push/v1/runtime/applications/a/os/android"),
        ]
        for (method, path) in unrouted {
            #expect(EmulatorRoutes.route(method: method, rawPath: path, prefix: "") == nil, "\(method) \(path)")
        }
    }

    @Test func theHelpListsEveryRowOnce() throws {
        let help = EmulatorRoutes.helpText
        for route in EmulatorRoutes.table {
            #expect(help.components(separatedBy: EmulatorRoutes.helpEntry(route)).count == 2, "\(route.path)")
        }
        let wide = help.split(separator: "\n").map(String.init).filter { $0.count > 78 }
        #expect(wide.isEmpty, "\(wide)")
        // hubctl-emulator's help prints this text (its main.swift cannot be imported by a test).
        let main = try String(contentsOf: packageRoot.appendingPathComponent("Sources/hubctl-emulator/main.swift"), encoding: .utf8)
        let printsTable = main.contains("EmulatorRoutes.helpText")
        #expect(printsTable)
    }

    @Test func everyWorldHasItsSourceAndTestFolders() {
        for world in EmulatorWorld.allCases {
            for root in ["Sources/HubEmulator/", "Tests/HubEmulatorTests/"] {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(root + world.rawValue).path,
                                                            isDirectory: &isDirectory)
                #expect(exists && isDirectory.boolValue, "\(root)\(world.rawValue)")
            }
        }
    }
}
