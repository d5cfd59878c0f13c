// AppUpdatePlan: what the `app version` commands compute from App Update's details before they
// send anything: the revisions an upload added, prune's doomed revisions, promote's and the
// pending delete's targets with their refusals (64), and the grace after a failed upload.

import Foundation
import HubCore
import Testing
@testable import HubServices

@Suite struct AppUpdatePlanTests {
    func state(_ platform: String, current: Int? = nil, pending: [Int]) -> AppUpdatePlatformState {
        AppUpdatePlatformState(platform: platform, current: current.map { AppUpdateVersion(revision: $0) },
                               pending: pending.map { AppUpdateVersion(revision: $0) })
    }

    @Test func theRevisionsAnUploadAddedAreThoseThatAppeared() {
        let before = [state("android", current: 2, pending: [3])]
        let after = [state("android", current: 2, pending: [3, 4]), state("ios", pending: [1])]
        #expect(AppUpdatePlan.appeared(before: before, after: after)
                == [AppUpdateRevisions(platform: "android", revisions: [4]), AppUpdateRevisions(platform: "ios", revisions: [1])])
        #expect(AppUpdatePlan.appeared(before: after, after: after).isEmpty)
    }

    @Test func pruneKeepsTheNewestKOfEachPlatform() {
        let details = [state("android", pending: [5, 2, 4, 3]), state("ios", pending: [1])]
        #expect(AppUpdatePlan.prune(details, keep: 2) == [AppUpdateRevisions(platform: "android", revisions: [2, 3])])
        #expect(AppUpdatePlan.prune(details, keep: 0, platforms: ["ios"]) == [AppUpdateRevisions(platform: "ios", revisions: [1])])
    }

    @Test func promoteAndDeleteTargetsAndTheirRefusals() throws {
        let details = [state("android", current: 1, pending: [2, 3]), state("ios", current: 1, pending: [])]
        #expect(try AppUpdatePlan.promote(details, revision: nil, platforms: []) == [AppUpdateRevisions(platform: "android", revisions: [3])])
        #expect(try AppUpdatePlan.promote(details, revision: 2, platforms: []) == [AppUpdateRevisions(platform: "android", revisions: [2])])
        for (revision, platforms) in [(Int?.some(9), [String]()), (2, ["ios"]), (nil, ["ios"])] {
            #expect(throws: HubError.self) { try AppUpdatePlan.promote(details, revision: revision, platforms: platforms) }
        }
        #expect(try AppUpdatePlan.deletePending(details, revisions: [3], platforms: []) == [AppUpdateRevisions(platform: "android", revisions: [3])])
        let refused = #expect(throws: HubError.self) { try AppUpdatePlan.deletePending(details, revisions: [1], platforms: ["android"]) }
        #expect(refused?.kind == .usage)
    }

    @Test func theGraceIsBounded() {
        #expect(AppUpdateSession.graceSeconds(deadline: 2) == 1)
        #expect(AppUpdateSession.graceSeconds(deadline: 20) == 5)
        #expect(AppUpdateSession.graceSeconds(deadline: 600) == 10)
    }
}
