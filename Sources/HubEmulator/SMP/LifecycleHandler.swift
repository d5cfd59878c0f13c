// SMP 3's lifecycle service as SAP's Kapsel CLI asks it for a device's update (issue 50; [code] KCLI
// `download`, `cli/lib/kapsel_commands.js` 286-376; docs/protocol.md §17.10 "The emulator"):
//
//   POST /odata/lcm/v1/ListApps                 X-SMP-APPCID of a registered connection, body
//                                               {clientVersion, locale, osName, osVersion, appRevision,
//                                               installedFeatures} → 200 {"d": {"results": [{Path,
//                                               Revision, Size (KiB), UpdateType, MimeType}]}}: the
//                                               current App Update revision of the connection's
//                                               application for osName (Android → android, iOS → ios)
//                                               when it is above appRevision, else no result
//   GET  /odata/lcm/v1/Download/{app}/{platform}/{revision}   X-SMP-APPCID: that revision's file

import Foundation
import HTTPTypes
import Hummingbird

struct LifecycleHandler: Sendable {
    let state: EmulatorState
    static let appCID = HTTPField.Name("X-SMP-APPCID")!
    static let platforms = ["android": "android", "ios": "ios"]

    /// The connection's application, or the refusal: 401 without a registered connection.
    private func application(_ request: Request) -> Result<String, Refused> {
        guard let id = request.headers[Self.appCID], let connection = state.connection(id) else {
            return .failure(Refused(response: Answers.json(.unauthorized, .object([("error", .object([
                ("code", .string("401")), ("message", .string("X-SMP-APPCID must name a registered connection.")),
            ]))]))))
        }
        return .success(connection.appId)
    }

    struct Refused: Error { let response: Response }

    func listApps(_ request: Request) async -> Response {
        let appId: String
        switch application(request) {
        case .success(let id): appId = id
        case .failure(let refused): return refused.response
        }
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body,
              let os = PushBackendHandler.string(body["osName"]), let platform = Self.platforms[os.lowercased()] else {
            return Answers.json(.badRequest, .object([("error", .object([("code", .string("400")),
                ("message", .string("The body must be {osName: Android or iOS, appRevision, …}."))]))]))
        }
        let installed = PushBackendHandler.int(body["appRevision"]) ?? 0
        var results: [ODataValue] = []
        if let current = state.appUpdate.platforms(appId).first(where: { $0.name == platform })?.state.current, current.revision > installed {
            results.append(.object([
                ("Path", .string(request.baseURL + "/odata/lcm/v1/Download/\(appId)/\(platform)/\(current.revision)")),
                ("Revision", .int(current.revision)), ("Size", .int(Int((current.bytes + 1023) / 1024))),
                ("UpdateType", .string("full")), ("MimeType", .string("application/zip")),
            ]))
        }
        return Answers.json(.ok, .object([("d", .object([("results", .array(results))]))]))
    }

    func download(_ request: Request, appId: String, platform: String, revision: String) -> Response {
        switch application(request) {
        case .success(let id) where id == appId: break
        case .success: return Answers.json(.notFound, .object([("error", .object([("code", .string("404")), ("message", .string("Not this connection's application."))]))]))
        case .failure(let refused): return refused.response
        }
        let p = state.appUpdate.platforms(appId).first { $0.name == platform }?.state
        guard let r = ([p?.current, p?.staged].compactMap { $0 } + (p?.pending ?? [])).first(where: { String($0.revision) == revision }) else {
            return Answers.json(.notFound, .object([("error", .object([("code", .string("404")), ("message", .string("No revision \(revision) of \(platform)."))]))]))
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        let file = r.file
        return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: Int(r.bytes)) { writer in
            guard let handle = FileHandle(forReadingAtPath: file) else { throw HTTPError(.gone) }
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        })
    }
}
