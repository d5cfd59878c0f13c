// The phases `hubctl probe` reports, from libcurl's cumulative timers (docs/protocol.md §18.1).

import HubTransport
import Testing

@Suite struct HTTPTimingsTests {
    @Test func aNewTLSConnectionHasEveryPhase() {
        let t = HTTPTimings(nameLookup: 0.002, connect: 0.005, appConnect: 0.045, startTransfer: 0.145, total: 0.150)
        #expect(t.dns == 0.002)
        #expect(t.tcpConnect == 0.003)
        #expect(t.tls == 0.04)
        #expect(t.firstByte == 0.1)
        #expect(t.total == 0.150)
    }

    @Test func plainHTTPHasNoHandshakeAndFirstByteCountsFromTheConnection() {
        let t = HTTPTimings(nameLookup: 0.000024, connect: 0.000593, appConnect: 0, startTransfer: 0.002132, total: 0.002323)
        #expect(t.tls == 0)
        #expect(t.tcpConnect == 0.000569, "rounded to libcurl's microseconds, no 6.1000000000000005e-05")
        #expect(t.firstByte == 0.001539)
    }

    @Test func aReusedConnectionOrNoAnswerGivesNoNegativePhase() {
        let reused = HTTPTimings(nameLookup: 0.00002, connect: 0, appConnect: 0, startTransfer: 0.0087, total: 0.0088)
        #expect(reused.tcpConnect == 0)
        #expect(reused.tls == 0)
        #expect(reused.firstByte == 0.0087)
        let refused = HTTPTimings(nameLookup: 0.00001, connect: 0, appConnect: 0, startTransfer: 0, total: 0.0004)
        #expect(refused.firstByte == 0)
        #expect(refused.tcpConnect == 0)
    }
}
