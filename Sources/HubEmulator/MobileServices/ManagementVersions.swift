// `GET /mobileservices/management/versions` (docs/protocol.md §15.1): on Mobile Services a JSON
// object of the service versions (`{"services": {"onboarding": "v4", …}}`); SMP 3 has no such address (404). hubctl's `--platform auto`
// tells the two apart by it. Answered only while the emulator plays Mobile Services (`PUT /_emulator/platform`, or
// `PUT /_emulator/versions`, which names the onboarding version and so makes it Mobile Services).

import Foundation
import Hummingbird

enum ManagementVersions {
    /// `onboarding`: the version to name (`PUT /_emulator/versions`); else the highest the emulator serves.
    static func answer(_ request: Request, versions: [String], onboarding: String? = nil) -> Response {
        guard request.method == .get || request.method == .head else { return Answers.methodNotAllowed(allow: "GET", .json) }
        // Kapsel's settings plugin reads `services.onboarding` as the registration service's version.
        let registration = onboarding ?? versions.filter { $0 != "latest" }.sorted().last ?? "v1"
        let body = ODataValue.object([("services", .object([
            ("onboarding", .string(registration)), ("push", .string("v1")), ("clientlogs", .string("v1")),
            ("clientusage", .string("v1")), ("roleservice", .string("v2")), ("storage", .string("v1")),
        ]))])
        return Answers.text(.ok, ODataJSON.write(body), contentType: Answers.jsonType)
    }
}
