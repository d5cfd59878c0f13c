// `register --capability CATEGORY:NAME=VALUE` (docs/protocol.md §15.7): the `Capability`
// collection sent inline in the registration's POST body.

import Foundation
import HubCore

public enum Capability {
    /// `push:Module=Orders` → `{"Category": "push", "CapabilityName": "Module", "CapabilityValue": "Orders"}`.
    public static func parse(_ text: String) throws -> JSONValue {
        guard let colon = text.firstIndex(of: ":"), let equals = text[colon...].firstIndex(of: "=") else {
            throw HubError.usage("--capability \(HubError.quoted(text)) is not CATEGORY:NAME=VALUE, e.g. push:Module=Orders.", code: .invalidCapability)
        }
        let category = String(text[..<colon]), name = String(text[text.index(after: colon)..<equals])
        let value = String(text[text.index(after: equals)...])
        guard !category.isEmpty, !name.isEmpty else {
            throw HubError.usage("--capability \(HubError.quoted(text)) needs a category and a name: CATEGORY:NAME=VALUE.", code: .invalidCapability)
        }
        return .object(["Category": .string(category), "CapabilityName": .string(name), "CapabilityValue": .string(value)])
    }

    /// The `Capability` property of a registration body; nil when none were given.
    public static func property(_ texts: [String]) throws -> JSONValue? {
        texts.isEmpty ? nil : .array(try texts.map(parse))
    }
}
