// What `hubctl probe` reports: one document of its steps (stdout) and the same as Prometheus gauges
// (stdout with --format prometheus, or node_exporter's textfile).

import Foundation
import HubCore

/// The result of `hubctl probe` (docs/protocol.md §18.3; docs/operations.md "probe (Prometheus)" says what each metric means).
public struct ProbeReport: JSONDocument, Sendable {
    public var success: Bool
    public var server: String
    public var appId: String
    public var timestamp: String
    /// When a probe of this server and application last succeeded (this one included); nil: never.
    public var lastSuccess: String?
    public var durationSeconds: Double
    public var steps: [ProbeStep]

    private var timestampSeconds: Double
    private var lastSuccessSeconds: Double?

    public init(server: String, appId: String, timestamp: Date, steps: [ProbeStep], lastSuccess: Date?) {
        self.success = steps.allSatisfy(\.success)
        self.server = server
        self.appId = appId
        self.timestamp = ISO8601.string(from: timestamp)
        self.lastSuccess = lastSuccess.map { ISO8601.string(from: $0) }
        self.durationSeconds = ProbePhases.microseconds(steps.reduce(0) { $0 + $1.durationSeconds })
        self.steps = steps
        self.timestampSeconds = timestamp.timeIntervalSince1970
        self.lastSuccessSeconds = lastSuccess?.timeIntervalSince1970
    }

    public var json: JSONValue {
        .object(["success": .bool(success), "server": .string(server), "appId": .string(appId), "timestamp": .string(timestamp),
                 "lastSuccess": JSONValue(lastSuccess), "durationSeconds": .double(durationSeconds), "steps": .array(steps.map(\.json))])
    }

    /// The report as Prometheus gauges, labelled with the server and the application.
    public var prometheus: String {
        var text = PrometheusText()
        let base = [("server", server), ("app", appId)]
        text.gauge("hubctl_probe_success", help: "1 when every step of the last hubctl probe succeeded, else 0.",
                   labels: base, success ? 1 : 0)
        for s in steps {
            text.gauge("hubctl_probe_step_success", help: "1 when the step succeeded in the last probe, else 0.",
                       labels: base + [("step", s.step)], s.success ? 1 : 0)
        }
        for s in steps {
            text.gauge("hubctl_probe_duration_seconds", help: "How long the step took in the last probe, in seconds.",
                       labels: base + [("step", s.step)], s.durationSeconds)
        }
        for s in steps where !s.exchanges.isEmpty {
            for (phase, seconds) in ProbePhases(sum: s.exchanges.map(\.phases)).labelled {
                text.gauge("hubctl_probe_http_phase_seconds",
                           help: "Time of one HTTP phase (dns, connect, tls, first_byte, total) in the step, summed over its exchanges, in seconds.",
                           labels: base + [("step", s.step), ("phase", phase)], seconds)
            }
        }
        for s in steps where !s.exchanges.isEmpty {
            text.gauge("hubctl_probe_http_status_code", help: "HTTP status of the step's last exchange (0: no answer).",
                       labels: base + [("step", s.step)], Double(s.exchanges.last?.status ?? 0))
        }
        text.gauge("hubctl_probe_timestamp_seconds", help: "When the last probe ended, in seconds since the Unix epoch.",
                   labels: base, timestampSeconds.rounded(.down))
        text.gauge("hubctl_probe_last_success_timestamp_seconds",
                   help: "When a probe of this server and application last succeeded, in seconds since the Unix epoch (0: never).",
                   labels: base, (lastSuccessSeconds ?? 0).rounded(.down))
        return text.text
    }
}
