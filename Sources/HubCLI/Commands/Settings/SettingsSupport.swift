// What `hubctl settings get|set` and `hubctl register` share: the connection's settings as they
// print them.

import HubCore

/// The connection's settings as the server has them: property names with typed values.
struct SettingsOutput: JSONDocument {
    var properties: [String: JSONValue]

    var json: JSONValue { .object(properties) }
}
