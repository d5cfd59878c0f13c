// The Prometheus text exposition format (version 0.0.4), for `hubctl probe --format prometheus` and
// the node_exporter textfile collector (docs/protocol.md §18.3): `# HELP` and `# TYPE` once per
// metric family, then one sample a line, label values escaped, the last line ending in a line feed.

import Foundation

public struct PrometheusText: Sendable {
    /// One metric family: its name, help, type and samples, written in the order they were added.
    public struct Family: Sendable {
        public var name: String
        public var help: String
        public var type: String
        public var samples: [(labels: [(String, String)], value: Double)]
    }

    private(set) var families: [Family] = []

    public init() {}

    /// Adds a gauge sample (the family is created with `help` on first use).
    public mutating func gauge(_ name: String, help: String, labels: [(String, String)], _ value: Double) {
        precondition(Self.isMetricName(name), "not a metric name: \(name)")
        precondition(labels.allSatisfy { Self.isLabelName($0.0) }, "not a label name in \(labels.map(\.0))")
        if let i = families.firstIndex(where: { $0.name == name }) {
            families[i].samples.append((labels, value))
        } else {
            families.append(Family(name: name, help: help, type: "gauge", samples: [(labels, value)]))
        }
    }

    /// The exposition: every family's HELP and TYPE lines, then its samples; ends with a line feed.
    public var text: String {
        var out = ""
        for family in families {
            out += "# HELP \(family.name) \(Self.escapeHelp(family.help))\n"
            out += "# TYPE \(family.name) \(family.type)\n"
            for sample in family.samples {
                out += family.name
                if !sample.labels.isEmpty {
                    out += "{" + sample.labels.map { "\($0.0)=\"\(Self.escapeLabelValue($0.1))\"" }.joined(separator: ",") + "}"
                }
                out += " " + Self.format(sample.value) + "\n"
            }
        }
        return out
    }

    /// `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    public static func isMetricName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":") }
    }

    /// `[a-zA-Z_][a-zA-Z0-9_]*`, not starting with `__` (reserved).
    public static func isLabelName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_"), !name.hasPrefix("__") else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    }

    /// A label value: backslash, double quote and line feed escaped; any other control character
    /// (a server could send one in a name) replaced by U+FFFD, so one sample stays one line.
    public static func escapeLabelValue(_ value: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// HELP text: backslash and line feed escaped.
    static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A sample value as Go's ParseFloat reads it: integers without a fraction, NaN and ±Inf by name.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

private extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
