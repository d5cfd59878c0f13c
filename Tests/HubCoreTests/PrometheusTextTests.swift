// The Prometheus text exposition format as `hubctl probe` writes it: HELP and TYPE once per family,
// label values escaped so that one sample stays one line, values as Prometheus parses them.

import HubCore
import Testing

@Suite struct PrometheusTextTests {
    @Test func familiesKeepTheirOrderWithHelpAndTypeOnce() {
        var text = PrometheusText()
        text.gauge("a_seconds", help: "First.", labels: [("step", "x")], 0.25)
        text.gauge("b", help: "Second.", labels: [], 1)
        text.gauge("a_seconds", help: "First.", labels: [("step", "y")], 2)
        #expect(text.text == """
        # HELP a_seconds First.
        # TYPE a_seconds gauge
        a_seconds{step="x"} 0.25
        a_seconds{step="y"} 2
        # HELP b Second.
        # TYPE b gauge
        b 1

        """)
    }

    @Test func labelValuesAreEscapedAndControlCharactersReplaced() {
        #expect(PrometheusText.escapeLabelValue(#"a\b"#) == #"a\\b"#)
        #expect(PrometheusText.escapeLabelValue(#"say "hi""#) == #"say \"hi\""#)
        #expect(PrometheusText.escapeLabelValue("two\nlines") == #"two\nlines"#)
        #expect(PrometheusText.escapeLabelValue("cr\rtab\t") == "cr\u{FFFD}tab\u{FFFD}")
        #expect(PrometheusText.escapeLabelValue("https://smp.example.com:443/päth") == "https://smp.example.com:443/päth")
        var text = PrometheusText()
        text.gauge("m", help: "back\\slash\nnewline", labels: [("server", "x\"}\n evil 1")], 1)
        #expect(text.text == "# HELP m back\\\\slash\\nnewline\n# TYPE m gauge\nm{server=\"x\\\"}\\n evil 1\"} 1\n")
        #expect(text.text.split(separator: "\n").count == 3, "one sample, one line")
    }

    @Test func valuesAreWrittenAsPrometheusReadsThem() {
        #expect(PrometheusText.format(0) == "0")
        #expect(PrometheusText.format(1_764_000_000) == "1764000000")
        #expect(PrometheusText.format(0.5) == "0.5")
        #expect(PrometheusText.format(1e-05) == "1e-05")
        #expect(PrometheusText.format(.nan) == "NaN")
        #expect(PrometheusText.format(.infinity) == "+Inf")
        #expect(PrometheusText.format(-.infinity) == "-Inf")
        #expect(PrometheusText.format(1e20) == "1e+20")
    }

    @Test func namesAreChecked() {
        #expect(PrometheusText.isMetricName("hubctl_probe_success"))
        #expect(PrometheusText.isMetricName("ns:rule_total"))
        #expect(!PrometheusText.isMetricName("9lives"))
        #expect(!PrometheusText.isMetricName("has-dash"))
        #expect(!PrometheusText.isMetricName(""))
        #expect(PrometheusText.isLabelName("step"))
        #expect(!PrometheusText.isLabelName("__name__"), "reserved")
        #expect(!PrometheusText.isLabelName("a:b"))
    }
}
