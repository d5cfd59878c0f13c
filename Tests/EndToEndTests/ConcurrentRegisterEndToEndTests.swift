// Concurrent commands on one home (issue 11, class 7): twenty `register` processes for the same
// (server, app id, user) started at once end with one connection on the server, and every one of
// them prints it.

import Foundation
import Synchronization
import Testing

@Suite(.serialized) struct ConcurrentRegisterEndToEndTests {
    @Test func twentyParallelRegistersMakeOneConnection() throws {
        let emu = try Emulator()
        let hub = client(emu)
        let results = Mutex<[RunResult]>([])
        let done = DispatchGroup()
        for _ in 0..<20 {
            done.enter()
            Thread {
                let r = (try? hub("register")) ?? RunResult(status: -1, stdout: Data(), stderr: Data())
                results.withLock { $0.append(r) }
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 240) == .success, "the registers finished")
        let all = results.withLock { $0 }
        #expect(all.count == 20)
        #expect(all.allSatisfy { $0.status == 0 }, "\(all.filter { $0.status != 0 })")
        let ids = Set(all.compactMap { $0.json?["ApplicationConnectionId"] as? String })
        #expect(ids.count == 1, "one connection id printed by all: \(ids)")
        let state = try emu.control("GET", "/_emulator/state")
        let connections = (try JSONSerialization.jsonObject(with: state.body) as? [String: Any])?["connections"] as? [[String: Any]]
        #expect(connections?.count == 1, "one connection on the server: \(connections ?? [])")
    }
}
