// URLHostName.of gives what URLComponents.host gives, for hosts plain, IDNA, punycode (valid and
// not), percent-encoded, IPv6 with a zone, empty and broken, in URLs of every shape hubctl reads.
import Foundation
import Testing
@testable import HubCore

struct URLHostNameTests {
    @Test func theHostIsFoundations() {
        let hosts = ["smp.example.com", "ExAmple.COM", "xn--bcher-kva.example", "XN--BCHER-KVA.example", "bücher.example",
                     "%62ad.example", "%6Cocalhost", "%zz", "%00", "[::1]", "[FE80::1%25eth0]", "[::1", "", " ", "127.0.0.1",
                     "-", "a..b", "xn--", "XN--", "xn--zzzz-", "a.Xn--zz", "x.xn--9ca", "xn-", "ü", "%C3%BC", "\u{200B}",
                     "a_b", "[]", "@", "host@", "localhost"]
        let shapes = ["https://%@", "http://%@:8443", "https://%@/mobile/", "HTTPS://%@:1/x?y", "https://u@%@", "ftp://%@",
                      "https://%@#f", "https://%@:", "https://%@:99999", "//%@", "%@", "http://u:p@%@:80/a"]
        var compared = 0
        for shape in shapes {
            for host in hosts {
                let text = shape.replacingOccurrences(of: "%@", with: host)
                guard let components = URLComponents(string: text) else { continue }
                compared += 1
                #expect(URLHostName.of(components) == components.host, "\(text)")
            }
        }
        #expect(compared > 200, "most of the URLs parse: \(compared)")
    }

    @Test func anEmptyPortIsFound() {
        for url in ["http://127.0.0.1:", "http://h:/p", "https://[::1]:", "http://h:?q", "http://h:#f", "http://u@h:"] {
            #expect(URLHostName.hasEmptyPort(url), "\(url)")
        }
        for url in ["http://127.0.0.1", "http://h:80", "http://h/p:", "https://[::1]", "https://[::1]:443", "http://h/a:b", "h:", ""] {
            #expect(!URLHostName.hasEmptyPort(url), "\(url)")
        }
    }

    @Test func punycodeLabelsAreFoundInAnyCase() {
        #expect(URLHostName.hasPunycodeLabel("xn--a"))
        #expect(URLHostName.hasPunycodeLabel("a.XN--b"))
        #expect(URLHostName.hasPunycodeLabel("a.xN--"))
        #expect(!URLHostName.hasPunycodeLabel("xn-"))
        #expect(!URLHostName.hasPunycodeLabel("example.com"))
    }
}
