// Issue 48, items 8 and 16: what reaches stderr passes through MessageText: secret values hubctl
// holds redacted (whole, or a prefix of at least 24 characters: a quote cut short), control
// characters shown as \xNN.
import Foundation
import HubCore
import Testing

@Suite(.serialized) struct SecretValuesTests {
    init() { SecretValues.removeAllForTesting() }

    @Test func aRegisteredValueIsRedactedWhereverItIsQuoted() {
        SecretValues.register("s3cret-password")
        #expect(SecretValues.redact("the server said: s3cret-password is wrong (s3cret-password)")
                == "the server said: [redacted] is wrong ([redacted])")
        #expect(SecretValues.redact("nothing to hide here") == "nothing to hide here")
    }

    @Test func shortValuesAreNotSecretsWorthHiding() {
        SecretValues.register("a")
        SecretValues.register("12345")
        SecretValues.register(nil)
        #expect(SecretValues.redact("a 12345 b") == "a 12345 b")
    }

    @Test func aQuoteCutShortStillLosesTheToken() {
        let token = "eyJhbGciOiJSUzI1NiJ9." + String(repeating: "x", count: 400) + ".signature"
        SecretValues.register(token)
        let cut = "token " + String(token.prefix(300)) + "… Try again."
        #expect(SecretValues.redact(cut) == "token [redacted]… Try again.")
        // Fewer than 24 characters of it are not taken for it.
        #expect(SecretValues.redact("eyJhbGciOiJSUzI1NiJ9.xx") == "eyJhbGciOiJSUzI1NiJ9.xx")
    }

    @Test func theLongestValueIsReplacedWhole() {
        SecretValues.register("abcdef")
        SecretValues.register("abcdef-ghijkl")
        #expect(SecretValues.redact("[abcdef-ghijkl] [abcdef]") == "[[redacted]] [[redacted]]")
    }

    @Test func basicCredentialsAreRedactedInTheHeaderForm() {
        SecretValues.registerBasic(user: "demo", password: "demo-password")
        // base64("demo:demo-password")
        #expect(SecretValues.redact("Authorization: Basic ZGVtbzpkZW1vLXBhc3N3b3Jk") == "Authorization: Basic [redacted]")
    }

    @Test func theSecretFieldsOfAFormAreRegistered() {
        SecretValues.register(form: Data("grant_type=refresh_token&refresh_token=r%2Ffresh-123456&client_id=cf".utf8))
        #expect(SecretValues.redact("refused r/fresh-123456 for cf") == "refused [redacted] for cf")
    }

    @Test func controlCharactersAreShownAsHex() {
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\rOK\u{9B}"
        #expect(MessageText.line(hostile) == #"\x1b]0;pwned\x07\x1b[2J\x0dOK\x9b"#)
        #expect(MessageText.line("two\nlines") == #"two\x0alines"#)
        #expect(MessageText.json("two\nlines\r") == "two\nlines\\x0d")
    }

    @Test func registrationIsSafeFromManyThreads() {
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            SecretValues.register("thread-secret-\(i)")
            _ = SecretValues.redact("thread-secret-\(i)")
        }
        #expect(SecretValues.redact("thread-secret-7 thread-secret-63") == "[redacted] [redacted]")
    }
}
