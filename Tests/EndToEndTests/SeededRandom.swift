// Reproducible randomness for tests that race a process (kill -9 at a random moment): the seed is
// HUBCTL_TEST_SEED when set, else a fixed default, and it is printed so a failing run can be repeated.

import Foundation

/// SplitMix64 (Steele, Lea and Flood): a tiny generator, good enough to spread timings.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The generator for the test named `test`, its seed printed on stdout.
    static func forTest(_ test: String) -> SplitMix64 {
        let given = ProcessInfo.processInfo.environment["HUBCTL_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? 0x5EED_0F_4B0B
        print("\(test): random seed \(seed) (set HUBCTL_TEST_SEED=\(seed) to repeat this run)")
        return SplitMix64(seed: seed)
    }
}
