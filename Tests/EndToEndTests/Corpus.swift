// The shared test corpus: `<package root>/../shared/corpus`, or HUBCTL_CORPUS_DIR when set.
// A clone of the project alone has no corpus; the tests that read it are then skipped, with this reason.

import Foundation
import Testing

enum Corpus {
    static let root: String = ProcessInfo.processInfo.environment["HUBCTL_CORPUS_DIR"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus").path

    static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func path(_ relative: String) -> String { root + "/" + relative }
}

extension Trait where Self == ConditionTrait {
    /// Skips a test, saying why, when the shared corpus is not there.
    static var needsCorpus: Self {
        .enabled(if: Corpus.isPresent, "the shared corpus (../shared/corpus beside the project, or HUBCTL_CORPUS_DIR) is absent")
    }
}
