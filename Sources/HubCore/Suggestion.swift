// "Did you mean …?": the known name closest to a mistyped one, by Damerau–Levenshtein distance
// (insertions, deletions, substitutions and swaps of neighbours), compared without case.

public enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be what was meant: a match
    /// that differs only in case first, else the one at the smallest edit distance, which must be
    /// at most a third of the word's length (at least 1, at most 3). Ties go to the first given.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let list = Array(candidates)
        let lowered = word.lowercased()
        if let sameButCase = list.first(where: { $0.lowercased() == lowered }) { return sameButCase }
        let limit = max(1, min(3, lowered.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in list {
            let d = distance(lowered, candidate.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance: the fewest single-character insertions, deletions,
    /// substitutions and transpositions of adjacent characters that turn `a` into `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { rows[i][0] = i }
        for j in 0...t.count { rows[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d = min(d, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = d
            }
        }
        return rows[s.count][t.count]
    }
}
