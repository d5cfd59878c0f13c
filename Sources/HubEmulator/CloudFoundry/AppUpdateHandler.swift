// The App Update feature under the cockpit's Admin API (issue 50, docs/protocol.md §17.10 "The
// emulator"), at /cockpit/v1/org/{org}/space/{space}/app/{app}/service/app-update/Admin/kapsel/jaxrs/KapselApp/{app}:
//
//   GET    …/KapselApp/{app}                 200 [{platform, currentVersion?, stagedVersion?, pendingVersions?[]}]
//   POST   …/KapselApp/{app}                 multipart/form-data, part `file` (a zip, streamed to a
//                                            file): 201 {newVersion: {…, revision: -1}, currentVersion?}
//   PUT    …/{app}/promotePending|promoteStaged|stage   [{"platform", "revisions": [R]}] (R -1: the newest)
//   PUT    …/{app}/unstage                    [{"platform"}]
//   POST   …/{app}/deletePendings            X-HTTP-METHOD: DELETE, [{"platform", "revisions": [R…]}]
//   DELETE …/KapselApp/{app}, …/{app}/{platform}
//
// The cockpit's org and space check, credentials (Basic of a CF user or cf's bearer), CSRF, login
// page and redirect switches and error JSON (CockpitAdminHandler). An unknown application, or one
// without the `app-update` feature, is 404.

import Foundation
import HTTPTypes
import Hummingbird

struct AppUpdateHandler: Sendable {
    let state: EmulatorState
    var updates: AppUpdateState { state.appUpdate }
    var cockpit: CockpitAdminHandler { CockpitAdminHandler(state: state) }
    static let feature = "app-update"
    static let path = "/cockpit/v1/org/{org}/space/{space}/app/{app}/service/app-update/Admin/kapsel/jaxrs/KapselApp/{app}"
    static let methodOverride = HTTPField.Name("X-HTTP-METHOD")!

    func respond(to request: Request, org: String, space: String, appId: String, action: String?) async -> Response {
        if let refused = cockpit.refusal(request, org: org, space: space) { return refused }
        guard let app = state.cloudFoundry.app(appId) else { return cockpit.error(.notFound, "Application \(appId) does not exist.") }
        guard app.features.contains(Self.feature) else {
            return cockpit.error(.notFound, "Feature \(Self.feature) is not assigned to \(appId).")
        }
        var response = await answer(request, appId: appId, action: action)
        if request.headers[CockpitAdminHandler.csrfHeader]?.lowercased() == "fetch" {
            let fetched = state.cloudFoundry.newCSRFSession()
            response.headers[CockpitAdminHandler.csrfHeader] = fetched.token
            response.headers[.setCookie] = "\(CockpitAdminHandler.sessionCookie)=\(fetched.cookie); Path=/; HttpOnly"
        }
        return response
    }

    private func answer(_ request: Request, appId: String, action: String?) async -> Response {
        switch (request.method, action) {
        case (.get, nil): return Answers.json(.ok, details(appId))
        case (.post, nil): return await deploy(request, appId)
        case (.delete, nil): return delete(appId, platform: nil)
        case (.delete, let platform?): return delete(appId, platform: platform)
        case (.put, "promotePending"?): return await promote(request, appId, from: .pending)
        case (.put, "promoteStaged"?): return await promote(request, appId, from: .staged)
        case (.put, "stage"?): return await promote(request, appId, from: .stage)
        case (.put, "unstage"?): return await unstage(request, appId)
        case (.post, "deletePendings"?):
            guard request.headers[Self.methodOverride]?.uppercased() == "DELETE" else {
                return cockpit.error(.methodNotAllowed, "deletePendings needs the header X-HTTP-METHOD: DELETE.")
            }
            return await deletePendings(request, appId)
        default: return cockpit.error(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path).")
        }
    }

    // MARK: Details

    private func details(_ appId: String) -> ODataValue {
        .array(updates.platforms(appId).map { name, p in
            var members: [(String, ODataValue)] = [("platform", .string(name))]
            if let current = p.current { members.append(("currentVersion", Self.version(current))) }
            if let staged = p.staged { members.append(("stagedVersion", Self.version(staged))) }
            members.append(("pendingVersions", .array(p.pending.map(Self.version))))
            return .object(members)
        })
    }

    static func version(_ r: AppUpdateRevision) -> ODataValue {
        .object([("revision", .int(r.revision)), ("lastModified", .int(Int(r.lastModified)))])
    }

    // MARK: Deploy

    private func deploy(_ request: Request, _ appId: String) async -> Response {
        guard let boundary = MultipartFileSink.boundary(request.headers[.contentType]) else {
            return cockpit.error(.badRequest, "The application file must be sent as multipart/form-data with a part named file.")
        }
        let file: String
        do { file = try updates.beginUpload(appId) } catch {
            return cockpit.error(.internalServerError, "The emulator could not store the upload: \(error)")
        }
        let fd = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            updates.discard(file)
            return cockpit.error(.internalServerError, "The emulator could not store the upload (errno \(errno)).")
        }
        var sink = MultipartFileSink(boundary: boundary, fd: fd)
        defer { sink.free() }
        let failure: String?
        do {
            try await sink.read(request.body)
            failure = sink.sawFile ? nil : "The multipart body has no part named file."
        } catch MultipartFileSink.Failure.malformed(let message) {
            failure = message
        } catch {
            failure = "The upload could not be read: \(error)"
        }
        close(fd)
        updates.peakBuffered = sink.peakBuffered
        if let failure {
            updates.discard(file)
            return cockpit.error(.badRequest, failure)
        }
        guard let names = ZipEntryNames.read(file), let platforms = ZipEntryNames.platforms(names) else {
            updates.discard(file)
            return cockpit.error(.badRequest, "The application file is no zip of a hybrid app (android/, ios/ folders) or an MDK bundle (bundle.js at its root).")
        }
        let stored = updates.store(appId, platforms: platforms, file: file, bytes: sink.bytes, sha256: sink.sha256())
        let hold = updates.holdAfterStore
        if hold > 0 { try? await Task.sleep(for: .seconds(hold)) }
        var answer: [(String, ODataValue)] = [("newVersion", Self.deployVersion(-1))]
        if let current = stored.current { answer.append(("currentVersion", Self.deployVersion(current.revision))) }
        return Answers.json(.created, .object(answer))
    }

    /// DEPLOY's version object: its Kapsel version, development version and description are not
    /// read from the package (the emulator does not unzip it), so they are empty.
    private static func deployVersion(_ revision: Int) -> ODataValue {
        .object([("requiredKapselVersion", .string("")), ("developmentVersion", .string("")),
                 ("description", .string("")), ("revision", .int(revision))])
    }

    // MARK: Promote, stage, unstage

    enum Move { case pending, staged, stage }

    private func promote(_ request: Request, _ appId: String, from: Move) async -> Response {
        let asked: [(String, [Int])]
        switch await Self.platformRevisions(request) {
        case .success(let list): asked = list
        case .failure(let refusal): return cockpit.error(.badRequest, refusal.message)
        }
        do throws(AppUpdateRefusal) {
            let moved = try updates.change(appId) { (platforms: inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) -> [(String, Int)] in
                var moved: [(String, Int)] = []
                for (name, revisions) in asked {
                    var p = platforms[name] ?? AppUpdatePlatform()
                    for wanted in revisions {
                        let r = try Self.move(&p, wanted, from, platform: name)
                        moved.append((name, r))
                    }
                    platforms[name] = p
                }
                return moved
            }
            return Answers.json(.ok, .array(moved.map { name, revision in
                let key = from == .stage ? "stagedVersion" : "currentVersion"
                return .object([("platform", .string(name)), (key, .object([("revision", .int(revision))]))])
            }))
        } catch {
            return cockpit.error(.badRequest, error.message)
        }
    }

    /// Moves revision `wanted` (-1: the newest) of a platform: pending to current, staged to
    /// current, or pending to staged; the revision it replaces is dropped.
    private static func move(_ p: inout AppUpdatePlatform, _ wanted: Int, _ from: Move, platform: String) throws(AppUpdateRefusal) -> Int {
        switch from {
        case .pending, .stage:
            guard let index = wanted == -1 ? p.pending.indices.last : p.pending.firstIndex(where: { $0.revision == wanted }) else {
                throw AppUpdateRefusal(message: wanted == -1 ? "\(platform) has no pending revision." : "Revision \(wanted) of \(platform) is not pending.")
            }
            let r = p.pending.remove(at: index)
            if from == .pending { p.current = r } else { p.staged = r }
            return r.revision
        case .staged:
            guard let staged = p.staged, wanted == -1 || staged.revision == wanted else {
                throw AppUpdateRefusal(message: wanted == -1 ? "\(platform) has no staged revision." : "Revision \(wanted) of \(platform) is not staged.")
            }
            p.current = staged
            p.staged = nil
            return staged.revision
        }
    }

    private func unstage(_ request: Request, _ appId: String) async -> Response {
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .array(let items) = body else {
            return cockpit.error(.badRequest, "The body must be [{\"platform\"}].")
        }
        let names = items.compactMap { PushBackendHandler.string($0["platform"]) }
        do throws(AppUpdateRefusal) {
            try updates.change(appId) { (platforms: inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) in
                for name in names {
                    guard var p = platforms[name], let staged = p.staged else { throw AppUpdateRefusal(message: "\(name) has no staged revision.") }
                    p.staged = nil
                    p.pending.append(staged)
                    p.pending.sort { $0.revision < $1.revision }
                    platforms[name] = p
                }
            }
            return Answers.json(.ok, .array(names.map { .object([("platform", .string($0))]) }))
        } catch {
            return cockpit.error(.badRequest, error.message)
        }
    }

    // MARK: Delete

    private func deletePendings(_ request: Request, _ appId: String) async -> Response {
        let asked: [(String, [Int])]
        switch await Self.platformRevisions(request) {
        case .success(let list): asked = list
        case .failure(let refusal): return cockpit.error(.badRequest, refusal.message)
        }
        do throws(AppUpdateRefusal) {
            try updates.change(appId) { (platforms: inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) in
                for (name, revisions) in asked {
                    var p = platforms[name] ?? AppUpdatePlatform()
                    for wanted in revisions {
                        guard let index = p.pending.firstIndex(where: { $0.revision == wanted }) else {
                            throw AppUpdateRefusal(message: "Revision \(wanted) of \(name) is not pending.")
                        }
                        p.pending.remove(at: index)
                    }
                    platforms[name] = p
                }
            }
            return Answers.json(.ok, .array([]))
        } catch {
            return cockpit.error(.badRequest, error.message)
        }
    }

    private func delete(_ appId: String, platform: String?) -> Response {
        do throws(AppUpdateRefusal) {
            try updates.change(appId) { (platforms: inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) in
                let names = platform.map { [$0] } ?? Array(platforms.keys)
                guard names.contains(where: { platforms[$0].map { !$0.isEmpty } ?? false }) else {
                    throw AppUpdateRefusal(message: "\(appId) has no version\(platform.map { " on " + $0 } ?? "").")
                }
                for name in names {
                    // The numbers go on from the last one (a new upload is never an old revision).
                    platforms[name] = AppUpdatePlatform(last: platforms[name]?.last ?? 0)
                }
            }
            return Answers.json(.ok, .array([]))
        } catch {
            return cockpit.error(.notFound, error.message)
        }
    }

    // MARK: Bodies

    /// `[{"platform", "revisions": [R…]}]` (KCLI's promote and delete bodies).
    static func platformRevisions(_ request: Request) async -> Result<[(String, [Int])], AppUpdateRefusal> {
        let shape = AppUpdateRefusal(message: "The body must be [{\"platform\", \"revisions\": [number…]}].")
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .array(let items) = body else {
            return .failure(shape)
        }
        var list: [(String, [Int])] = []
        for item in items {
            guard let name = PushBackendHandler.string(item["platform"]), case .array(let values)? = item["revisions"] else { return .failure(shape) }
            var revisions: [Int] = []
            for value in values {
                guard case .int(let r) = value else { return .failure(shape) }
                revisions.append(r)
            }
            list.append((name, revisions))
        }
        return .success(list)
    }
}

extension CockpitAdminHandler {
    /// What the cockpit answers before it reads the path (its `respond`'s first steps), nil to go
    /// on: the login redirect or page switches, an unknown org or space (404), missing or wrong
    /// credentials (401), a POST, PUT or DELETE without its session's CSRF token while `csrf` is on (403).
    func refusal(_ request: Request, org: String, space: String) -> Response? {
        let settings = cf.settings
        if let target = settings.loginRedirect {
            var r = Response(status: .found)
            r.headers[.location] = target
            return r
        }
        if settings.loginPage { return Self.loginPage(contentType: settings.loginPageType) }
        guard [CloudFoundryState.orgGuid, CloudFoundryState.orgName].contains(org),
              [CloudFoundryState.spaceGuid, CloudFoundryState.spaceName].contains(space) else {
            return error(.notFound, "No organization and space \(org)/\(space).")
        }
        guard case .valid = authenticate(request) else {
            var r = error(.unauthorized, "Unauthorized")
            r.headers[.wwwAuthenticate] = "Bearer realm=\"Mobile Services cockpit\""
            return r
        }
        if settings.csrf, request.method != .get,
           !cf.csrfValid(cookie: request.cookies[Self.sessionCookie]?.value, token: request.headers[Self.csrfHeader]) {
            var r = error(.forbidden, "CSRF token validation failed")
            r.headers[Self.csrfHeader] = "Required"
            return r
        }
        return nil
    }
}
