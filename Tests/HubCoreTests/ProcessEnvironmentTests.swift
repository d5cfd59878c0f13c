// ProcessEnvironment reads `environ` itself instead of through ProcessInfo (issue 32): the same
// dictionary as Foundation's.
import Foundation
import Testing
@testable import HubCore

struct ProcessEnvironmentTests {
    @Test func theProcessEnvironmentIsFoundations() {
        #expect(ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
    }

    /// What Foundation's ProcessInfo gave for these entries, given to a program through execve:
    /// the last of repeated names, no entry without `=`, an empty name kept, `=` in a value kept.
    @Test func oddEntriesReadAsFoundationReadsThem() {
        let texts = ["A=1", "A=2", "B", "=x", "C=a=b", "D=", "E=\u{00FC}"]
        var pointers: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        let read = pointers.withUnsafeBufferPointer { ProcessEnvironment.entries($0.baseAddress!) }
        #expect(read == ["A": "2", "": "x", "C": "a=b", "D": "", "E": "\u{00FC}"])
    }
}
