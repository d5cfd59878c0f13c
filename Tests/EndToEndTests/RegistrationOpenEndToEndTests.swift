// Issue 32, item 3: the registration database is cheap to open. A process that wrote checkpoints
// and truncates the WAL when it ends (the next one has nothing to replay), and a database already
// set up is opened without `registrations.lock` (which only serialises creating it).
import Foundation
import Testing

@Suite(.serialized) struct RegistrationOpenEndToEndTests {
    @Test func writersLeaveAnEmptyWALAndASetUpDatabaseOpensWithoutTheOpenLock() throws {
        let emu = try Emulator()
        let dir = TempDir("regopen")
        let hub = client(emu, dir: dir)
        let home = dir.path + "/home"
        func walBytes() -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: home + "/registrations.db-wal"))?[.size] as? Int
        }
        #expect(try hub("register").status == 0)
        #expect(walBytes() == 0, "register checkpointed and truncated the WAL when it ended")

        // Another program holds the open lock: reads and writes of the set-up database do not wait for it.
        let lockFile = home + "/registrations.lock"
        let holder = try LockHolder(lockFile)
        defer { holder.release() }
        let get = try hub.run(["settings", "get", "ApplicationConnectionId", "--deadline", "2"], timeout: 30)
        #expect(get.status == 0, "\(get)")
        #expect(try hub.run(["status", "--deadline", "2"], timeout: 30).status == 0)
        let unregister = try hub.run(["unregister", "--deadline", "2"], timeout: 30)
        #expect(unregister.status == 0, "\(unregister)")
        #expect(walBytes() == 0, "unregister truncated the WAL too")
        #expect(try connections(emu).isEmpty)
    }
}
