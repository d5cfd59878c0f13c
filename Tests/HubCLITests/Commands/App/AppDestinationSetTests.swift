// `hubctl app destination set` in-process: a new destination is one PUT of the whole service, the
// same set again sends none (changed false), the password comes from a file or stdin and is never
// printed, and the refusals before anything is sent (64).

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app destination set", .serialized)
struct AppDestinationSetTests {
    func bench() async throws -> (CommandBench, ProxyFake) {
        let fake = ProxyFake()
        fake.add("ci-1", [endpoint("keep", "https://keep.example.com")])
        return (try CommandBench(emulator: try await InProcessEmulator.start(), extra: appTokenEnvironment), fake)
    }

    @Test func setTwiceIsOneWrite() async throws {
        let (bench, fake) = try await bench()
        let password = writeFile(bench, "backend-pw", "s3cret-backend\n")
        let args = ["set", "ci-1", "backend", "--url", "https://backend.example.com/odata", "--auth", "basic", "--backend-user", "svc", "--password-file", password]
        let first = await bench.destination(args, fake)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.json?["changed"] == .bool(true) && first.json?["destination"]?["password"] == .string("set"))
        #expect(first.json?["destination"]?["auth"] == .string("Basic") && first.json?["destination"]?["user"] == .string("svc"))
        #expect(fake.puts.count == 1)
        let kept = fake.puts.first?["parameters"]?["endpointConfigurations"]
        #expect(kept.map { if case .array(let a) = $0 { a.first == endpoint("keep", "https://keep.example.com") && a.count == 2 } else { false } } == true, "\(String(describing: kept))")
        let second = await bench.destination(args, fake)
        #expect(second.exitCode == 0 && second.json?["changed"] == .bool(false), "\(second)")
        #expect(fake.puts.count == 1, "the same set again writes nothing")
        let leaked = [first, second].contains { $0.out.contains("s3cret-backend") || $0.err.contains("s3cret-backend") }
        #expect(!leaked)
    }

    @Test func aChangeAndThePasswordOnStdin() async throws {
        let (bench, fake) = try await bench()
        let r = await bench.destination(["set", "ci-1", "keep", "--url", "https://moved.example.com", "--backend-user", "svc", "--password-file", "-", "--cloud-connector"],
                                        fake, stdin: "from-stdin-pw\n")
        #expect(r.exitCode == 0 && r.json?["changed"] == .bool(true), "\(r)")
        let entry = fake.puts.last.flatMap { if case .array(let a)? = $0["parameters"]?["endpointConfigurations"] { a.first } else { nil } }
        #expect(entry?["endPointAddress"] == .string("https://moved.example.com") && entry?["useCloudConnector"] == .bool(true))
        #expect(entry?["password"] == .string("from-stdin-pw") && entry?["ssoMethod"] == .string("None"))
        let leaked = r.out.contains("from-stdin-pw") || r.err.contains("from-stdin-pw")
        #expect(!leaked)
    }

    @Test func refusedBeforeSending() async throws {
        let (bench, fake) = try await bench()
        let password = writeFile(bench, "pw", "x\n")
        for args in [["set", "ci-1", "b"], ["set", "ci-1", "b", "--url", "ftp://b.example.com"], ["set", "ci-1", "b", "--url", "https://"],
                     ["set", "ci-1", "b", "--url", "https://b.example.com", "--password-file", password],
                     ["set", "ci-1", "b", "--url", "https://b.example.com", "--auth", "bad auth"],
                     ["set", "ci-1", "", "--url", "https://b.example.com"],
                     ["set", "ci-1", "b", "--url", "https://b.example.com", "--backend-user", "u", "--password-file", "-", "--cf-token-file", "-"]] {
            let r = await bench.destination(args, fake)
            #expect(r.exitCode == 64, "\(args): \(r)")
        }
        #expect(fake.cf.requests.isEmpty && fake.puts.isEmpty)
        let none = await bench.destination(["set", "ci-none", "b", "--url", "https://b.example.com"], fake)
        expectFailure(none, exit: 66, code: "application_not_found")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "destination", "set", "ci-1", "b", "--url", "https://b", "--auth", "forward", "--no-cloud-connector",
                                   "--backend-user", "u", "--password-file", "f"], as: AppDestinationSet.self)
                == AppDestinationSet.Options(source: AppAdminSource(), app: "ci-1", name: "b", url: "https://b", cloudDestination: nil, auth: "forward",
                                             user: "u", passwordFile: "f", cloudConnector: false))
    }
}
