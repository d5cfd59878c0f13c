// The control API's rows (ControlRoutes.table): each method and path once, each listed once in
// `hubctl-emulator --help`, each answered by its router (not its "no such route" 404), and no control
// route registered on a router anywhere but from the table.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct ControlRouteTableTests {
    @Test func everyRowIsRegisteredOnce() {
        let keys = ControlRoutes.table.map { "\($0.method) \($0.path)" }
        let twice = Dictionary(grouping: keys) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "\(twice)")
        #expect(keys.count >= 32, "every control route has its row: \(keys.count)")
        // Every world with a Control file has rows, and each row's help fits one line of the help.
        #expect(Set(ControlRoutes.table.map(\.world)) == Set(EmulatorWorld.allCases))
    }

    @Test func theHelpListsEachRowOnce() {
        let help = EmulatorRoutes.helpText
        for route in ControlRoutes.table {
            let entry = EmulatorRoutes.helpEntry(route)
            #expect(help.components(separatedBy: entry + "\n").count == 2, "\(route.method) \(route.fullPath)")
            let wide = entry.split(separator: "\n").filter { $0.count > 78 }
            #expect(wide.isEmpty, "\(wide)")
        }
    }

    /// A request to each row's path with its method reaches a handler: whatever it answers (a body
    /// of `{}` is often refused), it is not the router's empty 404 for an address it does not know.
    @Test func eachRowIsAnswered() async throws {
        try await withEmulator { client, _ in
            let unknown = try await client.control(.get, "no-such-route")
            #expect(unknown.status == .notFound && unknown.text.isEmpty, "the router's 404 for no route: \(unknown.status) \(unknown.text)")
            for route in ControlRoutes.table {
                let path = route.path.replacingOccurrences(of: "{appId}", with: "com.example.demo")
                    .replacingOccurrences(of: "{bundleId}", with: "Probe:1.0")
                let response = try await client.control(route.method, path, "{}")
                let noSuchRoute = response.status == .notFound && response.text.isEmpty
                #expect(!noSuchRoute, "\(route.method) \(route.fullPath)")
            }
        }
    }

    /// The router is built from the table alone: no source of the emulator registers a route on a
    /// Hummingbird router or group by hand.
    @Test func noRouteIsRegisteredOutsideTheTable() throws {
        let root = packageRoot.appendingPathComponent("Sources/HubEmulator")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 20)
        let registration = /\b(group|router)\.(get|put|post|delete|patch|head|on)\(/
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(registration) {
                found.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        // The one registration: ControlRoutes.router(), looping over the table.
        #expect(found.count == 1 && found.allSatisfy { $0.hasPrefix("Control/ControlRoutes.swift: group.on(") }, "\(found)")
    }
}
