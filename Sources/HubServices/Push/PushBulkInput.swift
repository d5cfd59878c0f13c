// The input of `hubctl push send --bulk FILE|-`: one user and their own notification a line, for
// the Notification Backend API's bulk push (`DTOLocalizedBulkPush`, docs/protocol.md §16.1).
//
// NDJSON (the first non-blank line starts with `{`): `{"user": "u", "alert": "…", "badge": 3}` —
// the notification's members beside `user` — or `{"user": "u", "notification": {…}}` (also the
// localized form with `notifications`). CSV otherwise (RFC 4180: a header line, fields in double
// quotes when they hold a comma, a quote or a line break, a quote doubled): a `user` column and
// any of `alert`, `badge`, `sound`, `priority`, `data`. A user with nothing of their own gets the
// root notification. Every line is checked before anything is sent.

import Foundation
import HubCore

public enum PushBulkInput {
    public typealias Entry = (user: String, payload: PushPayload?)

    /// The columns a CSV file may have besides `user`.
    public static let csvColumns = ["alert", "badge", "sound", "priority", "data"]

    public static func parse(_ data: Data, name: String) throws -> [Entry] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw HubError.usage("\(name) is not UTF-8.", code: .invalidEncoding)
        }
        let firstLine = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
        guard let firstLine else { throw HubError.usage("\(name) names no user.") }
        let entries = firstLine.drop(while: \.isWhitespace).hasPrefix("{") ? try ndjson(text, name: name) : try csv(text, name: name)
        guard !entries.isEmpty else { throw HubError.usage("\(name) names no user.") }
        var seen = Set<String>()
        for e in entries where !seen.insert(e.user).inserted {
            throw HubError.usage("\(name) names user \(HubError.quoted(e.user)) twice; a user gets one notification.", code: .invalidData)
        }
        return entries
    }

    static func bad(_ name: String, _ line: Int, _ message: String) -> HubError {
        HubError.usage("\(name) line \(line): \(message); nothing was sent.", code: .invalidData)
    }

    static func ndjson(_ text: String, name: String) throws -> [Entry] {
        var entries: [Entry] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            // A member named twice ("user" twice: which user? "alert" twice: which text?) is refused,
            // as a user named twice is: JSONSerialization would keep the last, JSONDecoder the first.
            let value: JSONValue
            do {
                value = try JSONValue.read(Data(line.utf8), refusingDuplicateNames: true)
            } catch {
                if (try? JSONValue.read(Data(line.utf8))) != nil { throw bad(name, i + 1, "\(error.reason), which is ambiguous") }
                throw bad(name, i + 1, "not a JSON object")
            }
            guard case .object(var members) = value else { throw bad(name, i + 1, "not a JSON object") }
            guard case .string(let user)? = members.removeValue(forKey: "user"), !user.isEmpty else {
                throw bad(name, i + 1, "no \"user\" string")
            }
            if members.isEmpty { entries.append((user, nil)); continue }
            let (payload, problems) = PushNotificationShape.payload(.object(members))
            guard let payload else { throw bad(name, i + 1, problems.joined(separator: "; ")) }
            entries.append((user, payload))
        }
        return entries
    }

    static func csv(_ text: String, name: String) throws -> [Entry] {
        let rows = try records(text, name: name)
        guard let header = rows.first else { return [] }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let userColumn = columns.firstIndex(of: "user") else {
            throw bad(name, 1, "the CSV header has no \"user\" column (columns: user, \(csvColumns.joined(separator: ", ")))")
        }
        for c in columns where c != "user" && !csvColumns.contains(c) {
            throw bad(name, 1, "the CSV header's column \(HubError.quoted(c)) is not one of user, \(csvColumns.joined(separator: ", "))")
        }
        // A column named twice (a second "user": whose line is it?) is ambiguous: refused, not dropped.
        var named = Set<String>()
        for c in columns where !named.insert(c).inserted {
            throw bad(name, 1, "the CSV header names the column \(HubError.quoted(c)) twice, which is ambiguous")
        }
        var entries: [Entry] = []
        for row in rows.dropFirst() {
            if row.fields.allSatisfy({ $0.isEmpty }) { continue }
            guard row.fields.count == columns.count else {
                throw bad(name, row.line, "\(row.fields.count) fields where the header has \(columns.count)")
            }
            let user = row.fields[userColumn]
            guard !user.isEmpty else { throw bad(name, row.line, "no user") }
            var members: [String: JSONValue] = [:]
            for (c, field) in zip(columns, row.fields) where c != "user" && !field.isEmpty {
                if c == "badge" {
                    guard let n = Int64(field), n >= 0 else { throw bad(name, row.line, "badge \(HubError.quoted(field)) is not a non-negative integer") }
                    members[c] = .int(n)
                } else {
                    members[c] = .string(field)
                }
            }
            if members.isEmpty { entries.append((user, nil)); continue }
            let problems = PushNotificationShape.problems(.object(members))
            guard problems.isEmpty else { throw bad(name, row.line, problems.joined(separator: "; ")) }
            entries.append((user, PushPayload(notification: .object(members))))
        }
        return entries
    }

    /// RFC 4180 records with the line each starts on; a quote that never closes is an error.
    static func records(_ text: String, name: String) throws -> [(line: Int, fields: [String])] {
        var result: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false, inQuotes = false, afterQuote = false
        var line = 1, start = 1
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        func endRecord() {
            fields.append(field)
            result.append((start, fields))
            fields = []; field = ""; quoted = false; afterQuote = false
        }
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 2; continue }
                    inQuotes = false; afterQuote = true
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                i += 1; continue
            }
            switch c {
            case "\"":
                guard field.isEmpty, !quoted else { throw bad(name, line, "a double quote inside an unquoted field") }
                inQuotes = true; quoted = true
            case ",":
                fields.append(field); field = ""; quoted = false; afterQuote = false
            case "\r":
                break
            case "\n":
                endRecord(); line += 1; start = line
            default:
                guard !afterQuote else { throw bad(name, line, "text after a closing double quote") }
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if inQuotes { throw bad(name, start, "a double quote that never closes") }
        if !field.isEmpty || !fields.isEmpty || quoted { endRecord() }
        return result
    }
}
