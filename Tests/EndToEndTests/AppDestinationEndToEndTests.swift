// Issue 50 item 3 through the built hubctl against hubctl-emulator's cockpit: an app created with
// the proxy feature, a destination set (with a password from a file), listed, set again with the
// same flags = one write (the emulator's PUT count), changed, deleted (then 66, and 0 with
// --missing-ok); the password never in stdout or stderr, not even with --verbose; the refusals
// (64 with nothing sent, 66 for an unknown app and an app without the proxy feature).
import Foundation
import Testing

@Suite(.serialized) struct AppDestinationEndToEndTests {
    static let secret = "e2e-backend-password-4711"

    func writes(_ world: CFWorld, _ app: String) throws -> Int? {
        let (_, body) = try world.emu.control("GET", "/_emulator/cf")
        let apps = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["apps"] as? [[String: Any]]
        return apps?.first { $0["id"] as? String == app }?["proxyWrites"] as? Int
    }

    @Test func setListSetTwiceDelete() throws {
        let world = try CFWorld()
        let app = "ci-dest"
        let created = try world.op("app", "create", app, "--feature", "push", "--feature", "proxy")
        #expect(created.status == 0, "\(created)")
        let password = world.dir.file("backend.pw")
        try (Self.secret + "\n").write(toFile: password, atomically: true, encoding: .utf8)
        #expect(chmod(password, 0o600) == 0)

        let set = ["app", "destination", "set", app, "backend", "--url", "https://backend.example.com/odata/v4",
                   "--auth", "basic", "--backend-user", "svc", "--password-file", password]
        let first = try world.op.run(set + ["--verbose"])
        #expect(first.status == 0, "\(first)")
        #expect(first.json?["changed"] as? Bool == true)
        #expect(try writes(world, app) == 1)

        let listed = try world.op("app", "destination", "list", app)
        #expect(listed.status == 0, "\(listed)")
        let destinations = (listed.json?["destinations"] as? [[String: Any]]) ?? []
        #expect(destinations.count == 1)
        #expect(destinations.first?["name"] as? String == "backend" && destinations.first?["url"] as? String == "https://backend.example.com/odata/v4")
        #expect(destinations.first?["auth"] as? String == "Basic" && destinations.first?["password"] as? String == "set")

        let again = try world.op.run(set)
        #expect(again.status == 0, "\(again)")
        #expect(again.json?["changed"] as? Bool == false)
        #expect(try writes(world, app) == 1, "set twice = one write")

        let moved = try world.op("app", "destination", "set", app, "backend", "--url", "https://moved.example.com/odata/v4")
        #expect(moved.status == 0 && moved.json?["changed"] as? Bool == true, "\(moved)")
        let movedDestination = moved.json?["destination"] as? [String: Any]
        #expect(movedDestination?["auth"] as? String == "Basic" && movedDestination?["password"] as? String == "set", "the other members stay")
        #expect(try writes(world, app) == 2)

        let deleted = try world.op("app", "destination", "delete", app, "backend")
        #expect(deleted.status == 0 && deleted.json?["changed"] as? Bool == true, "\(deleted)")
        #expect(try writes(world, app) == 3)
        let gone = try world.op("app", "destination", "delete", app, "backend")
        #expect(gone.status == 66 && gone.err.contains("destination_not_found"), "\(gone)")
        let missingOK = try world.op("app", "destination", "delete", app, "backend", "--missing-ok")
        #expect(missingOK.status == 0 && missingOK.json?["changed"] as? Bool == false, "\(missingOK)")
        #expect(try writes(world, app) == 3)

        for r in [first, listed, again, moved, deleted, gone, missingOK] {
            let leaked = r.out.contains(Self.secret) || r.err.contains(Self.secret)
            #expect(!leaked, "the password is never printed")
        }
    }

    @Test func thePasswordFromStdin() throws {
        let world = try CFWorld()
        #expect(try world.op("app", "create", "ci-stdin", "--feature", "proxy").status == 0)
        let r = try world.op("app", "destination", "set", "ci-stdin", "b", "--url", "https://b.example.com", "--backend-user", "svc", "--password-file", "-",
                             stdin: Self.secret + "\n")
        #expect(r.status == 0 && r.json?["changed"] as? Bool == true, "\(r)")
        let leaked = r.out.contains(Self.secret) || r.err.contains(Self.secret)
        #expect(!leaked)
    }

    @Test func refusals() throws {
        let world = try CFWorld()
        #expect(try world.op("app", "create", "ci-push-only", "--feature", "push").status == 0)
        try world.clearLog()
        for args in [["set", "ci-push-only", "b"], ["set", "ci-push-only", "b", "--url", "not-a-url"],
                     ["set", "ci-push-only", "b", "--url", "https://b.example.com", "--password-file", world.dir.file("none")]] {
            let r = try world.op.run(["app", "destination"] + args)
            #expect(r.status == 64, "\(args): \(r)")
        }
        #expect(try world.requests().isEmpty, "nothing sent")
        let noProxy = try world.op("app", "destination", "list", "ci-push-only")
        #expect(noProxy.status == 66 && noProxy.err.contains("proxy_not_assigned"), "\(noProxy)")
        let unknown = try world.op("app", "destination", "set", "ci-nowhere", "b", "--url", "https://b.example.com")
        #expect(unknown.status == 66 && unknown.err.contains("application_not_found"), "\(unknown)")
        #expect(try world.count("PUT", "/service/proxy") == 0)
    }
}
