// No Swift file name is used twice in the package (Sources/ and Tests/, every target): a name says
// which file it is, so a reader (and a stack trace) never meets two `BundleAdmin.swift`. main.swift,
// which every executable must have, is the exception.

import Foundation
import Testing

@Suite struct SourceFileNameTests {
    static func swiftFiles(under directory: String) -> [String] {
        let root = packageRoot.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { directory + "/" + $0 }
    }

    @Test func noSwiftFileNameIsUsedTwice() {
        let files = Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")
        #expect(files.count > 100, "the package's files are found from #filePath: \(packageRoot.path)")
        let byName = Dictionary(grouping: files) { ($0 as NSString).lastPathComponent }
        let twice = byName.filter { $0.key != "main.swift" && $0.value.count > 1 }
            .sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        #expect(twice.isEmpty, "\(twice.joined(separator: "; "))")
    }
}
