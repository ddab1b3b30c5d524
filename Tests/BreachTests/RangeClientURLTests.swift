import Testing
@testable import Breach

/// `RangeClient.normalized`: which base URLs `--api-url` accepts (http and https, trailing
/// slashes dropped, a path kept) and which it refuses.
@Suite("RangeClient.normalized")
struct RangeClientURLTests {
    @Test("accepted, without trailing slashes", arguments: [
        ("https://api.pwnedpasswords.com", "https://api.pwnedpasswords.com"),
        ("https://api.pwnedpasswords.com/", "https://api.pwnedpasswords.com"),
        ("http://127.0.0.1:8080//", "http://127.0.0.1:8080"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("https://mirror.example/hibp/v3/", "https://mirror.example/hibp/v3"),
        ("HTTPS://Mirror.Example", "HTTPS://Mirror.Example"),
    ])
    func accepted(url: String, base: String) throws {
        #expect(try RangeClient.normalized(url) == base)
    }

    @Test("refused", arguments: [
        "", "api.pwnedpasswords.com", "ftp://mirror.example", "file:///srv/pwned", "https://", "http://", "https:",
        "https://mirror.example/?key=1", "https://mirror.example#top", "https://mirror example", "https://mirror.example/\t",
        "httpx://mirror.example", " https://mirror.example",
    ])
    func refused(url: String) {
        #expect(throws: BreachError.badURL(url)) { try RangeClient.normalized(url) }
    }

    @Test("a URL without a host is refused", arguments: ["https:///range", "http://:8080"])
    func noHost(url: String) {
        #expect(throws: BreachError.badURL(url)) { try RangeClient.normalized(url) }
    }

    @Test("the refusal names the URL and gives an example")
    func message() {
        #expect(BreachError.badURL("ftp://x").message
                == "'ftp://x' is not an http(s) URL of a range API (such as https://api.pwnedpasswords.com)")
    }
}
