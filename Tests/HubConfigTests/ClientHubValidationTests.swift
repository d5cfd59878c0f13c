// Unit tests of the clienthub.plist rules, each run on an XML and a binary encoding.

import Foundation
import Testing
@testable import HubConfig

/// A plist value that can cross into parameterised tests (Any is not Sendable).
enum PV: Sendable {
    case s(String), i(Int), b(Bool), r(Double), data, date, array, dict
    /// In a list of changes: remove the key.
    case remove

    var any: Any {
        switch self {
        case .s(let v): v
        case .i(let v): v
        case .b(let v): v
        case .r(let v): v
        case .data: Data([1, 2, 3])
        case .date: Date(timeIntervalSince1970: 0)
        case .array: ["a"]
        case .dict: ["a": "b"]
        case .remove: ""
        }
    }
}

enum Encoding: String, Sendable, CaseIterable {
    case xml, binary
    var format: PropertyListSerialization.PropertyListFormat { self == .xml ? .xml : .binary }
}

let validBase: [String: PV] = [
    "Host": .s("smp.example.com"), "Port": .s("443"), "FarmID": .s("0"),
    "SecurityConfiguration": .s("SSO"), "UserCreationPolicy": .s("certificate"),
]

func encode(_ dict: [String: PV], _ encoding: Encoding) -> Data {
    try! PropertyListSerialization.data(fromPropertyList: dict.mapValues(\.any), format: encoding.format, options: 0)
}

/// `validBase` with `changes` applied, validated in `encoding`.
func check(_ changes: [String: PV], _ encoding: Encoding, strict: Bool = false) -> ClientHubValidation {
    var dict = validBase
    for (k, v) in changes {
        if case .remove = v { dict[k] = nil } else { dict[k] = v }
    }
    return ClientHubValidator.validate(data: encode(dict, encoding), path: "test.plist", strict: strict)
}

struct RuleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var changes: [String: PV]
    /// nil: the file must be valid.
    var code: ClientHubIssueCode?
    var key: String?
    var testDescription: String { name }
}

let ruleCases: [RuleCase] = [
    RuleCase(name: "base is valid", changes: [:], code: nil),
    RuleCase(name: "all optional keys", changes: ["URLSuffix": .s("/relay/"), "Domain": .s("corp"), "HTTPS": .s("False"), "ShareCredentials": .b(false)], code: nil),
    RuleCase(name: "Port as integer", changes: ["Port": .i(8080)], code: nil),
    RuleCase(name: "booleans native and any case", changes: ["HTTPS": .b(true), "ShareCredentials": .s("TRUE")], code: nil),
    RuleCase(name: "IPv4 host", changes: ["Host": .s("10.1.2.3")], code: nil),
    RuleCase(name: "IPv6 host", changes: ["Host": .s("2001:db8::1")], code: nil),
    RuleCase(name: "bracketed IPv6 host", changes: ["Host": .s("[::1]")], code: nil),
    RuleCase(name: "blank UserCreationPolicy", changes: ["UserCreationPolicy": .s("")], code: nil),
    RuleCase(name: "farm id", changes: ["FarmID": .s("Farm_01.a-b")], code: nil),
    RuleCase(name: "blank optional values", changes: ["URLSuffix": .s(""), "Domain": .s(" "), "HTTPS": .s("")], code: nil),

    RuleCase(name: "missing Host", changes: ["Host": .remove], code: .missingKey, key: "Host"),
    RuleCase(name: "missing Port", changes: ["Port": .remove], code: .missingKey, key: "Port"),
    RuleCase(name: "missing FarmID", changes: ["FarmID": .remove], code: .missingKey, key: "FarmID"),
    RuleCase(name: "missing SecurityConfiguration", changes: ["SecurityConfiguration": .remove], code: .missingKey, key: "SecurityConfiguration"),
    RuleCase(name: "missing UserCreationPolicy", changes: ["UserCreationPolicy": .remove], code: .missingKey, key: "UserCreationPolicy"),
    RuleCase(name: "blank Host", changes: ["Host": .s("")], code: .emptyValue, key: "Host"),
    RuleCase(name: "blank Port", changes: ["Port": .s(" ")], code: .emptyValue, key: "Port"),
    RuleCase(name: "blank FarmID", changes: ["FarmID": .s("")], code: .emptyValue, key: "FarmID"),
    RuleCase(name: "blank SecurityConfiguration", changes: ["SecurityConfiguration": .s("")], code: .emptyValue, key: "SecurityConfiguration"),

    RuleCase(name: "Host with scheme", changes: ["Host": .s("https://smp.example.com")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host with path", changes: ["Host": .s("smp.example.com/mobile")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host with port", changes: ["Host": .s("smp.example.com:443")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host with space", changes: ["Host": .s("smp example.com")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host bad IPv4", changes: ["Host": .s("300.1.1.1")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host label dash", changes: ["Host": .s("-smp.example.com")], code: .invalidValue, key: "Host"),
    RuleCase(name: "Host as integer", changes: ["Host": .i(1)], code: .wrongType, key: "Host"),

    RuleCase(name: "Port 0", changes: ["Port": .s("0")], code: .outOfRange, key: "Port"),
    RuleCase(name: "Port 65536", changes: ["Port": .s("65536")], code: .outOfRange, key: "Port"),
    RuleCase(name: "Port negative", changes: ["Port": .i(-1)], code: .outOfRange, key: "Port"),
    RuleCase(name: "Port huge string", changes: ["Port": .s("99999999999999999999999")], code: .outOfRange, key: "Port"),
    RuleCase(name: "Port not a number", changes: ["Port": .s("https")], code: .invalidValue, key: "Port"),
    RuleCase(name: "Port real", changes: ["Port": .r(443.5)], code: .wrongType, key: "Port"),
    RuleCase(name: "Port boolean", changes: ["Port": .b(true)], code: .wrongType, key: "Port"),

    RuleCase(name: "UserCreationPolicy unknown", changes: ["UserCreationPolicy": .s("sometimes")], code: .invalidValue, key: "UserCreationPolicy"),
    RuleCase(name: "UserCreationPolicy capitalised", changes: ["UserCreationPolicy": .s("Manual")], code: .invalidValue, key: "UserCreationPolicy"),
    RuleCase(name: "HTTPS yes", changes: ["HTTPS": .s("yes")], code: .invalidValue, key: "HTTPS"),
    RuleCase(name: "HTTPS integer", changes: ["HTTPS": .i(1)], code: .wrongType, key: "HTTPS"),
    RuleCase(name: "ShareCredentials data", changes: ["ShareCredentials": .data], code: .wrongType, key: "ShareCredentials"),
    RuleCase(name: "FarmID with slash", changes: ["FarmID": .s("a/b")], code: .invalidValue, key: "FarmID"),
    RuleCase(name: "FarmID with space", changes: ["FarmID": .s("my farm")], code: .invalidValue, key: "FarmID"),
    RuleCase(name: "FarmID integer", changes: ["FarmID": .i(0)], code: .wrongType, key: "FarmID"),
    RuleCase(name: "URLSuffix with scheme", changes: ["URLSuffix": .s("https://x/relay")], code: .invalidValue, key: "URLSuffix"),
    RuleCase(name: "URLSuffix with query", changes: ["URLSuffix": .s("relay?x=1")], code: .invalidValue, key: "URLSuffix"),
    RuleCase(name: "URLSuffix with space", changes: ["URLSuffix": .s("my relay")], code: .invalidValue, key: "URLSuffix"),
    RuleCase(name: "URLSuffix dot-dot", changes: ["URLSuffix": .s("a/../b")], code: .invalidValue, key: "URLSuffix"),
    RuleCase(name: "Domain array", changes: ["Domain": .array], code: .wrongType, key: "Domain"),
    RuleCase(name: "SecurityConfiguration dictionary", changes: ["SecurityConfiguration": .dict], code: .wrongType, key: "SecurityConfiguration"),
    RuleCase(name: "Domain date", changes: ["Domain": .date], code: .wrongType, key: "Domain"),

    RuleCase(name: "FarmId miscased", changes: ["FarmID": .remove, "FarmId": .s("0")], code: .miscasedKey, key: "FarmId"),
    RuleCase(name: "UrlSuffix miscased", changes: ["UrlSuffix": .s("relay")], code: .miscasedKey, key: "UrlSuffix"),
    RuleCase(name: "host lower case beside Host", changes: ["host": .s("x")], code: .miscasedKey, key: "host"),
]

@Suite("ClientHub validation rules")
struct ClientHubValidationTests {
    @Test(arguments: ruleCases, Encoding.allCases)
    func rule(_ rule: RuleCase, _ encoding: Encoding) {
        let result = check(rule.changes, encoding)
        #expect(result.format?.rawValue == encoding.rawValue)
        if let code = rule.code {
            #expect(!result.isValid)
            #expect(result.errors.contains { $0.code == code && $0.key == rule.key }, "\(result.errors)")
        } else {
            #expect(result.isValid, "\(result.errors)")
            #expect(result.configuration != nil)
        }
    }

    @Test(arguments: Encoding.allCases)
    func miscasedKeyNamesTheRightSpellingAndIsNotAlsoMissing(_ encoding: Encoding) {
        let result = check(["FarmID": .remove, "FarmId": .s("0")], encoding)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.message.contains("FarmID") == true)
    }

    @Test(arguments: Encoding.allCases)
    func unknownKeyIsAWarningUnlessStrict(_ encoding: Encoding) {
        let lenient = check(["Colour": .s("blue")], encoding)
        #expect(lenient.isValid)
        #expect(lenient.warnings.map(\.code) == [.unknownKey])
        let strict = check(["Colour": .s("blue")], encoding, strict: true)
        #expect(!strict.isValid)
        #expect(strict.errors.map(\.code) == [.unknownKey])
        #expect(strict.warnings.isEmpty)
    }

    @Test(arguments: Encoding.allCases)
    func rootMustBeADictionary(_ encoding: Encoding) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["Host"], format: encoding.format, options: 0)
        let result = ClientHubValidator.validate(data: data, path: "x")
        #expect(result.errors.map(\.code) == [.notADictionary])
        #expect(result.values == nil)
    }

    @Test(arguments: Encoding.allCases)
    func effectiveValuesHaveDefaults(_ encoding: Encoding) throws {
        let result = check([:], encoding)
        let config = try #require(result.configuration)
        #expect(config.https == true)
        #expect(config.shareCredentials == true)
        #expect(config.userCreationPolicy == .certificate)
        #expect(config.domain == nil)
        #expect(config.serverURL == "https://smp.example.com:443")
    }

    @Test func emptyAndGarbageInputsAreParseErrors() {
        #expect(ClientHubValidator.validate(data: Data(), path: "e").errors.map(\.code) == [.emptyFile])
        #expect(ClientHubValidator.validate(data: Data("hello".utf8), path: "t").errors.map(\.code) == [.parseError])
        let bad = ClientHubValidator.validate(data: Data("bplist00garbage".utf8), path: "b")
        #expect(bad.errors.map(\.code) == [.parseError])
        #expect(bad.format == .binary)
    }

    @Test func xmlErrorsCarryTheLineOfTheKey() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>Host</key>
            <string>smp.example.com</string>
            <key>Port</key>
            <string>99999</string>
            <key>FarmId</key>
            <string>0</string>
            <key>SecurityConfiguration</key>
            <string>SSO</string>
            <key>UserCreationPolicy</key>
            <string/>
            <key>Nested</key>
            <dict><key>Port</key><string>x</string></dict>
            <key>Host</key>
            <string>other.example.com</string>
        </dict>
        </plist>
        """
        let result = ClientHubValidator.validate(data: Data(xml.utf8), path: "x.plist")
        let byCode = Dictionary(result.errors.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byCode[.outOfRange]?.line == 6)
        #expect(byCode[.miscasedKey]?.line == 8)
        #expect(byCode[.duplicateKey]?.line == 16)
        #expect(result.warnings.first?.line == 14)
        #expect(result.values?.host == "other.example.com")
    }

    @Test func xmlParseErrorNamesTheLine() {
        let xml = "<plist>\n<dict>\n<key>Host</key>\n<string>x</strin>\n</dict>\n</plist>\n"
        let result = ClientHubValidator.validate(data: Data(xml.utf8), path: "x")
        #expect(result.errors.first?.code == .parseError)
        #expect(result.errors.first?.line == 4)
        #expect(result.format == .xml)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let xml = "<plist><dict><key>Host</key>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</dict></plist>"
        let result = ClientHubValidator.validate(data: Data(xml.utf8), path: "deep")
        #expect(!result.isValid)
    }

    @Test func reportSummarisesFailures() {
        let good = check([:], .xml)
        let bad = check(["Port": .s("0")], .binary)
        #expect(ClientHubReport([good]).failure == nil)
        let invalid = ClientHubReport([good, bad]).failure
        #expect(invalid?.exitCode == 65)
        #expect(invalid?.message.contains("1 of 2") == true)
        let missing = ClientHubValidator.validate(path: "/nonexistent/clienthub.plist")
        #expect(missing.errors.map(\.code) == [.notFound])
        #expect(ClientHubReport([bad, missing]).failure?.exitCode == 66)
    }
}
