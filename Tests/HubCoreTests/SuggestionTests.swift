// "Did you mean": the edit distance and the threshold that decides when a guess is worth showing.

import HubCore
import Testing

@Suite struct SuggestionTests {
    @Test(arguments: [("", "", 0), ("abc", "", 3), ("", "ab", 2), ("kitten", "sitting", 3), ("dest", "dets", 1),
                      ("server", "sever", 1), ("register", "regster", 1), ("ab", "ba", 1), ("abc", "abc", 0)])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
        #expect(Suggestion.distance(b, a) == expected)
    }

    @Test func closeNamesAreSuggested() {
        let commands = ["register", "unregister", "settings", "acp", "vault", "status", "config"]
        #expect(Suggestion.closest(to: "regster", in: commands) == "register")
        #expect(Suggestion.closest(to: "stauts", in: commands) == "status")
        #expect(Suggestion.closest(to: "Vault", in: commands) == "vault")
        #expect(Suggestion.closest(to: "DeviceModle", in: ["DeviceModel", "DeviceType"]) == "DeviceModel")
    }

    @Test func farNamesAreNot() {
        let commands = ["register", "unregister", "settings", "acp", "vault", "status"]
        #expect(Suggestion.closest(to: "zzzzzzzz", in: commands) == nil)
        #expect(Suggestion.closest(to: "xyz", in: commands) == nil)
        // Short words allow one edit only: "ab" is not "acp".
        #expect(Suggestion.closest(to: "ab", in: commands) == nil)
        #expect(Suggestion.closest(to: "anything", in: [String]()) == nil)
    }

    @Test func tiesGoToTheFirstGiven() {
        #expect(Suggestion.closest(to: "cat", in: ["bat", "cab"]) == "bat")
    }
}
