import Testing
@testable import TLSAudit

@Suite("Endpoint addresses")
struct EndpointTests {
    @Test("host, host:port, [IPv6]:port and https URLs give the host and port", arguments: [
        ("example.com", "example.com", 443),
        ("Example.COM:8443", "example.com", 8443),
        ("https://example.com/login?next=/", "example.com", 443),
        ("https://example.com:9443", "example.com", 9443),
        ("HTTPS://example.com:9443/", "example.com", 9443),
        ("example.com/login", "example.com", 443),
        ("127.0.0.1:8443", "127.0.0.1", 8443),
        ("[::1]:8443", "::1", 8443),
        ("[::1]", "::1", 443),
        ("::1", "::1", 443),
        ("https://[2001:db8::1]:444/x", "2001:db8::1", 444),
    ])
    func parses(text: String, host: String, port: Int) throws {
        let endpoint = try Endpoint.parse(text)
        #expect(endpoint == Endpoint(host: host, port: port))
    }

    @Test("plain HTTP, other schemes, bad ports and user info are refused", arguments: [
        "http://example.com", "ftp://example.com", "example.com:0", "example.com:65536", "example.com:https",
        "https://user@example.com/", "", "exa mple.com", "[::1", "[example.com]:443", "1:2:3", ":443",
        "example.com:\u{0661}",
    ])
    func refuses(text: String) {
        #expect(throws: EndpointError.self) { try Endpoint.parse(text) }
    }

    @Test("a user name and password, a path or a query in a refused address are never shown")
    func redacted() {
        for text in ["http://me:secret@example.com/", "ftp://me:secret@example.com", "https://me:secret@example.com/",
                     "https://me:se/secret@example.com", "http://example.com/reset?token=secret",
                     "https://example.com:99999/secret", "http://example.com#secret"] {
            do {
                _ = try Endpoint.parse(text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(!error.message.contains("secret") && error.message.contains("example.com"), "\(error.message)")
            }
        }
    }

    @Test("an IPv6 endpoint is written with brackets, and the Host header leaves out port 443")
    func text() {
        #expect(Endpoint(host: "::1", port: 8443).text == "[::1]:8443")
        #expect(Endpoint(host: "example.com", port: 443).hostHeader == "example.com")
        #expect(Endpoint(host: "example.com", port: 8443).hostHeader == "example.com:8443")
        #expect(Endpoint(host: "::1", port: 443).hostHeader == "[::1]")
    }
}
