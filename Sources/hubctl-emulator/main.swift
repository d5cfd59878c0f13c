// hubctl-emulator's entry point: read the options and configuration, serve until SIGTERM or SIGINT.

import ArgumentParser
import Foundation
import HubEmulator

struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hubctl-emulator",
        abstract: "A local SAP Mobile Platform / Mobile Services server for hubctl's tests and demo.",
        discussion: """
        The first line on stdout is exactly
        `hubctl-emulator listening on http://HOST:PORT`; logs go to stderr
        (LOG_LEVEL=debug or trace for more). SIGTERM or SIGINT stops the server.
        State lives in memory only. Exit codes: 0 stopped cleanly, 64 usage,
        69 cannot listen on the address, 78 unreadable or invalid configuration.

        CONFIGURATION (--config FILE, JSON; every field optional; the defaults:)
          {"applications": [
             {"id": "com.example.demo",
              "users": {"demo": "demo-password", "alice": "alice-password"},
              "anonymous": false, "securityConfiguration": "DemoSSO",
              "settings": {}},
             {"id": "com.example.other", "users": {"demo": "demo-password"},
              "securityConfiguration": "DemoSSO"},
             {"id": "com.example.anon", "anonymous": true}],
           "versions": ["v1", "v2", "v3", "v4", "latest"],
           "pathPrefix": "",
           "answerFormat": "accept",
           "idLocations": ["body", "header", "cookie"]}
          userPatterns  per application, for load tests: any user matching a
                        pattern is known, e.g. {"load-*": "load-password"}
          settings      per application: server-owned values of new connections,
                        e.g. {"PasswordPolicyEnabled": true,
                              "PasswordPolicyMinLength": 12}
          versions      an API version not listed answers 404
          pathPrefix    relay / reverse-proxy path before odata/ and bundles/,
                        e.g. "ias_relay_server/client/rs_client.dll/7"
          answerFormat  "accept" (by Accept or $format; Atom when neither names
                        JSON or XML, as OData V2 does), "json" or "atom"
          idLocations   where register returns the new id: "body"
                        (ApplicationConnectionId and the entity URI), "header"
                        (X-SMP-APPCID), "cookie" (X-SMP-APPCID and X-SUP-APPCID);
                        Location is always sent
          connections   connections that exist from the start (a restarted
                        server that kept its database): [{"id": "...",
                        "appId": "com.example.demo", "user": "demo"}]
          customProperties  Connection properties added after SAP's, as
                        POST /_emulator/schema/properties adds them:
                        [{"name": "FleetSlot", "type": "Edm.Int32",
                          "writable": true}]
          authentication  per application: "basic" (default) or "certificate":
                        then a client certificate forwarded by a TLS reverse
                        proxy is accepted too, as headers SSL_CLIENT_CERT (the
                        PEM) and SSL_CLIENT_S_DN (the user is its CN=); the
                        emulator trusts those headers: keep it behind the proxy

        PROTOCOL (docs/protocol.md sections 1-7 and 13)
          [/PREFIX][/public]/odata/applications/VERSION/APP[/$metadata]
          .../Connections         POST registers: JSON or Atom body; 201; 409 if
                                  the client's X-SMP-APPCID exists; 400 for
                                  read-only, unknown or mistyped properties
          .../Connections('ID')   GET (an ETag header, a digest of the entity;
                                  304 when If-None-Match, a header or
                                  ?If-None-Match=, names it or the ETag
                                  property); PUT (writable
                                  properties not given go back to defaults),
                                  PATCH, MERGE, POST + X-HTTP-METHOD: MERGE (204);
                                  DELETE (200)
          .../Endpoints, .../Capabilities, .../FeatureVectorPolicies,
          .../Connections('ID')/Capability, .../FeatureVectorPolicy
                                  GET only: empty collections (all but
                                  Endpoints are the calling connection's own)
          $metadata has the structure of SAP's "applications" document
          (docs/protocol.md section 13), custom properties after SAP's.
          [/PREFIX]/bundles/APP/[NAME:VERSION]
                                  GET the assigned or the named bundle
          Basic auth unless the application is anonymous (else 401). Connection
          and bundle requests need X-SMP-APPCID as a header or cookie (else 403).
          In Atom answers the nested NetworkPolicy object is an OData complex
          property and navigation properties are links.

        CONTROL API (no auth; never logged or faulted as protocol requests)
          POST   /_emulator/faults   {"status": 503, "count": 3, "retryAfter": 1}
                                     {"delay": 2.5}  {"truncate": true}
                                     {"garbage": "<text>", "contentType": "text/html"}
                                     "loginRequest": true adds the header
                                     com.sap.cloud.security.login: login-request
                                     to a garbage answer (a login page)
                                     count defaults to 1; -1 = until cleared;
                                     "path": "Connections" limits a rule to the
                                     requests whose path contains that text
                 Rules are used oldest first, at most one per protocol request.
                 A status or garbage rule answers instead of the server; a
                 delay-only rule delays the real answer; a truncate rule waits
                 for the next answer with a body, sends half of it under the full
                 Content-Length and closes the connection; rules added after a
                 waiting truncate rule wait behind it. A rule's delay comes first.
                 "path": "/bundles/" limits a rule to requests whose path has it.
          GET    /_emulator/faults   the active rules
          DELETE /_emulator/faults   clear all rules
          PUT    /_emulator/bundles/APP/NAME:VERSION
                                     raw body = the archive; header
                                     X-Bundle-Extension (default zip); 201
          POST   /_emulator/assign   {"appId": "...", "bundleId": "Name:1.0"}
                                     (null unassigns)
          POST   /_emulator/users    {"appId": "...", "user": "...",
                                      "password": "..."}
          PUT    /_emulator/settings {"appId": "...", "settings": {...}}
                                     for new and existing connections
          GET    /_emulator/state    {"connections": [{"id", "appId", "user",
                                      "properties"}], "requests": [{"method",
                                      "path", "query", "headers", "at",
                                      "status"}]}; header names lower-case,
                                     Authorization "<redacted>"; "at" is
                                     seconds since the start (monotonic),
                                     "status" the answer's
          DELETE /_emulator/requests clear the request log
          POST   /_emulator/schema/properties
                                     {"name": "FleetSlot", "type": "Edm.Int32",
                                      "writable": true, "nullable": true,
                                      "default": 0, "versions": ["v2"]}
                                     adds a Connection property ($metadata,
                                     answers, validation); 409 if it exists
          GET    /_emulator/schema/properties   the added properties
          PUT    /_emulator/metadata {"served": false}: $metadata answers 404;
                                     {"document": "<edmx:Edmx ...>"}: served as given

        MOBILE SERVICES (docs/protocol.md section 14)
          per application "mobileServices": {"oauth": {"clientId": "UUID",
              "redirectUris": ["http://127.0.0.1/callback"] (loopback: any port),
              "accessTokenSeconds": 3600, "accessTokenUses": N (each token good
              for N requests), "rotateRefreshTokens": true, "challenge":
              "bearer" | "status" | "message", "requirePkce": true}, "saml": false,
              "appVersions": ["1.0"] (application versioning: X-APP-VERSION)}
          top level "onboardingVersion": "v4" makes it Mobile Services: GET
              /mobileservices/management/versions answers (404 without it: SMP 3)
          GET|POST /oauth2/api/v1/authorize  HTML login form; 302 to the
                                     redirect URI with a single-use code
          POST   /oauth2/api/v1/token  authorization_code (PKCE S256 checked)
                                     and refresh_token grants
          PUT    /_emulator/mobileservices {"appId": "...", "oauth": {...},
                                     "saml": bool, "appVersions": [...]}
          POST   /_emulator/oauth/revoke {"appId": "..."} every token retired
          POST   /_emulator/oauth/expire {"appId": "..."} access tokens expire
          GET    /_emulator/oauth    counters: codes, codeExchanges, refreshes
          PUT    /_emulator/oauth/answer {"expires_in": 1e300, ...}: members that
                                     replace (null: remove) those of every token
                                     answer; {} restores the emulator's own
          PUT    /_emulator/versions {"onboarding": "v4" | null}: Mobile Services
                                     naming v4, or (null) SMP 3 without the address
          A bearer request gets Set-Cookie JTENANTSESSIONID_emulator, which
          admits later requests of that application without a token.
          PUT    /_emulator/platform {"platform": "mobile-services" | "smp3"}
                                     which server it plays (default smp3 unless
                                     "onboardingVersion" is configured)
          PUT    /_emulator/services {"appId": "...", "pushConfigured": true,
                                      "logUploadEnabled": true, "usageEnabled":
                                      true, "accessControl": true, "roles":
                                      [...], "groups": [...], "givenName",
                                      "familyName", "email", "pushIds": {os: id},
                                      "policies": {"passwordPolicy": {...}}}
          GET    /_emulator/received {"platform", "push": [...], "logs": [...],
                                      "usage": [...]}: what the client services got
          DELETE /_emulator/received clear that record
          Notification Backend API (push send|status|registrations, protocol.md §16),
          in the shapes of SAP's Java library; POST under
          /mobileservices/push/v2/backend, body {"notification": {...},
          "notifications": {locale: {...}}} (users, topics, capability, bulk:
          that object nested as "notification"):
            applications/{app}/notifications    every device, 202 with a
                                      correlationId (push_all)
            applications/{app}/users/{u}/devices/{d}/notifications (push_single)
            applications/{app}/notifications/users {"users": [1..1000]}
            applications/{app}/groups/{g}/notifications   (push_multiple)
            applications/{app}/topics/notifications {"topics", "users"?}
            capabilities/{c}/notifications {"users"?: [{"user"}]} (the
                                      credentials' application)
            applications/{app}/notifications/bulk {"userNotifications":
                                      [{"user", "notification"?}]}
          202 {"status": null, "pushResults": [{"target": registration id,
          "notificationId", "code", "message"}]}; no registration: 404;
          validation: 400 [{"field", "message"}].
          GET /mobileservices/push/v1/backend/notifications/{id}/status,
          GET …/v2/backend/registrations[/{id}][?username=&pushGroup=],
          GET …/v2/backend/localizations?usernames=a&usernames=b
          Credentials (default key emulator-push-api-key, alias emulator;
          client push-client/push-client-secret) belong to one application
          (default com.example.demo); another application's address is 404.
          PUT    /_emulator/push/credentials {"apiKeys": [{"key", "alias",
                                      "roles", "appId"}], "clients": [{"clientId",
                                      "clientSecret", "roles", "appId"}],
                                      "tokenLifetime": s}
          POST   /_emulator/push/registrations {"appId", "registrations":
                                      [{"user", "deviceId", "pushToken", "os",
                                      "pushGroup", "topics", "capabilities",
                                      "userLocale", "deviceModel", "formFactor",
                                      "completionCode": -1|11 queued, >=1 fails}]}
          GET    /_emulator/push/notifications {"tokensIssued", "notifications":
                                      [{"notificationId", "notificationType",
                                      "target", "notification", "devices":
                                      [{"user", "deviceId", "pushToken",
                                      "registrationId", "notificationId",
                                      "code", "notification"}]}]}
          DELETE /_emulator/push/notifications clear that record

        Cloud Foundry and the cockpit's Admin API (issue 42, docs/protocol.md §17):
          CF v3 under /v3 (organizations, spaces, service_offerings, service_plans,
          service_instances, service_credential_bindings, service_route_bindings,
          jobs; lists of 2 a page), bearer tokens of cf's UAA at
          /cf-uaa/oauth/token (refresh_token, password, client_credentials; JWTs
          with exp). The Admin API under /cockpit/v1/org/ORG/space/SPACE (GUIDs or
          names), reached as mobile-service-cockpit-api.localhost:PORT: GET /apps,
          GET|DELETE /app/ID, POST /app/ID/restore, POST /app/ID/service/F/key,
          GET /services (the catalogue), POST /app?async=true (SAP's MDK CLI's
          create: 202, the app then listed).
          Creating an instance creates its app; deleting either removes both.
          Created apps take registrations (the CF users' passwords) and their keys
          push. Default world: org emulator-org, space dev, user
          ci-user@example.com (no password until set).
          GET    /_emulator/cf        {"api", "authorizationEndpoint", "adminAPI",
                                      "org", "space", "user", "apps": [{"id",
                                      "restores", "keysIssued"}]}
          PUT    /_emulator/cf/settings {"csrf", "loginPage", "tokenLifetime",
                                      "provisionSeconds", "failDelete": [id],
                                      "failProvision": [name], "failRestore",
                                      "failMessage" and "failStatus" (their
                                      text and status), "pageSize", "routeUrl",
                                      "users": [{"username", "password",
                                      "origin"}], "clients": [{"id", "secret"}],
                                      "tokenAnswer": {member: value|null},
                                      "loginPageType", "loginRedirect": URL;
                                      faults: "padInstanceBytes": n (each
                                      listed instance padded by n bytes),
                                      "jobGuid": id (every new job's id, e.g.
                                      ".."), "raceCreate": [name] (made,
                                      labelled managed-by=hubctl, when the
                                      next create arrives), "emptyCatalogue"
                                      (GET /services answers [])}
                 loginPage: every Admin API request gets a 200 login page with
                 com.sap.cloud.security.login: login-request (its Content-Type
                 loginPageType, default text/html); loginRedirect: a 302 to URL.
                 tokenAnswer: members replacing (null: removing) those of every
                 successful answer of cf's UAA ({} or null: none).
          POST   /_emulator/cf/token  {"expiresIn": s} → {"access_token",
                                      "refresh_token"} of the default user
          POST   /_emulator/cf/instances {"name", "labels", "createdAt",
                                      "withApp", "features", "routeUrl", "guid",
                                      "offering", "plan" (another offering's
                                      instance, no app), "dashboardUrl": url|null}
          POST   /_emulator/cf/apps   {"id", "displayName", "features"}: an app
                                      without an instance

        ROUTES (the route table, first match; [/PREFIX] is pathPrefix)
        """ + "\n" + EmulatorRoutes.helpText)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "A JSON configuration file (see above).")
    var config: String?

    func run() async throws {
        try await serve()
    }

    func serve() async throws {
        let configuration: EmulatorConfiguration
        do {
            configuration = try config.map(EmulatorConfiguration.load(path:)) ?? EmulatorConfiguration()
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("hubctl-emulator: \(error.message)\n".utf8))
            throw ExitCode(78)
        }
        let host = self.host
        let server = EmulatorServer(configuration: configuration)
        let app = server.application(host: host, port: port) { port in
            // The harness reads this exact line; written unbuffered since stdout is a pipe there.
            FileHandle.standardOutput.write(Data("hubctl-emulator listening on http://\(host):\(port)\n".utf8))
        }
        // Uploaded App Update files live in the emulator's temporary directory until it stops.
        defer { server.state.appUpdate.removeFiles() }
        do {
            try await app.runService()
        } catch {
            FileHandle.standardError.write(Data(
                "hubctl-emulator: cannot serve on \(host):\(port): \(error); choose another --host or --port (0 picks a free port)\n".utf8))
            throw ExitCode(69)
        }
    }
}

// Parsed and run by hand: in main.swift a bare `main()` call resolves to the synchronous entry point.
do {
    let command = try EmulatorCommand.parse()
    try await command.serve()
} catch {
    EmulatorCommand.exit(withError: error)
}
