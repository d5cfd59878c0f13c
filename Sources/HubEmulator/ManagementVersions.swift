// `GET /mobileservices/management/versions` (docs/protocol.md §13.1): on Mobile Services a JSON
// object of the service versions (`{"services": {"onboarding": "v4", …}}`); SMP 3 has no such address (404). hubctl's `--platform auto`
// tells the two apart by it. Kept on its own so it can merge with the OAuth work's version discovery.

import Foundation
import Hummingbird

enum ManagementVersions {
    static func answer(_ request: Request, versions: [String]) -> Response {
        guard request.method == .get || request.method == .head else { return Answers.methodNotAllowed(allow: "GET", .json) }
        // Kapsel's settings plugin reads `services.onboarding` as the registration service's version.
        let registration = versions.filter { $0 != "latest" }.sorted().last ?? "v1"
        let body = ODataValue.object([("services", .object([
            ("onboarding", .string(registration)), ("push", .string("v1")), ("clientlogs", .string("v1")),
            ("clientusage", .string("v1")), ("roleservice", .string("v2")), ("storage", .string("v1")),
        ]))])
        return Answers.text(.ok, ODataJSON.write(body), contentType: Answers.jsonType)
    }
}
