// Reading the fixtures of Tests/Fixtures/sap (each names the SAP source it follows).
import Foundation
import Testing
@testable import HubTransport

/// A file under Tests/Fixtures/sap.
func sapFixtureURL(_ path: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/\(path)")
}

/// The status and headers of an `.http` fixture's head (a status line, header lines, a blank line).
func httpFixtureHead(_ path: String) throws -> (Int, [HTTPHeader]) {
    let text = try String(contentsOf: sapFixtureURL(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let status = try #require(Int(lines[0].split(separator: " ")[1]))
    var headers: [HTTPHeader] = []
    for line in lines.dropFirst() {
        if line.isEmpty { break }
        let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        headers.append(HTTPHeader(parts[0], parts[1]))
    }
    return (status, headers)
}
