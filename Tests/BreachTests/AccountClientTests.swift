import Testing
import VaultCore
import VaultSystem
import FoundationEssentials
@testable import Breach

/// What the account client builds without a server: the address as a path segment, the base
/// URLs `--accounts-api-url` accepts, and the API key read from its entry (never shown).
@Suite("AccountClient")
struct AccountClientTests {
    @Test("the address in the path: + and other bytes percent-encoded, @ kept", arguments: [
        ("alice@example.org", "alice@example.org"),
        ("bob+news@example.com", "bob%2Bnews@example.com"),
        ("o'brien@example.ie", "o%27brien@example.ie"),
        ("a/b?c#d%e@example.org", "a%2Fb%3Fc%23d%25e@example.org"),
        ("é@example.org", "%C3%A9@example.org"),
    ])
    func pathSegment(address: String, segment: String) {
        #expect(AccountClient.pathSegment(address) == segment)
    }

    @Test("base URLs: accepted without trailing slashes, refused with their own message")
    func baseURLs() throws {
        #expect(try AccountClient.normalized("https://haveibeenpwned.com/api/v3/") == "https://haveibeenpwned.com/api/v3")
        #expect(throws: BreachError.badAccountsURL("https://mirror.example/v3?x=1")) { try AccountClient.normalized("https://user:pw@mirror.example/v3?x=1") }
        #expect(BreachError.badAccountsURL("ftp://x").message
                == "'ftp://x' is not an http(s) URL of a breached-account API (such as https://haveibeenpwned.com/api/v3)")
    }

    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("plain http only to this machine: localhost, 127.0.0.0/8 and [::1], read as addresses", arguments: [
        ("http://127.0.0.1:8080/api/v3", true), ("http://127.9.8.7/api/v3", true), ("http://localhost:1/api/v3", true),
        ("http://LOCALHOST/api/v3", true), ("http://[::1]:8080/api/v3", true), ("https://hibp-mirror.example/api/v3", true),
        ("http://127.0.0.1.evil.example/api/v3", false), ("http://127.attacker.example/api/v3", false),
        ("http://localhost.evil.example/api/v3", false), ("http://127.0.0.1@evil.example/api/v3", false),
        ("http://[::2]/api/v3", false), ("http://10.0.0.1/api/v3", false), ("http://[0:0:0:0:0:0:0:1]:9/api/v3", true),
        ("http://[1::]/api/v3", false), ("http://[::10]/api/v3", false), ("http://[::1:0]/api/v3", false), ("http://[::1]junk/api/v3", false),
    ])
    func plainHTTPOnlyHere(url: String, accepted: Bool) {
        let result = Result { () throws(BreachError) in try AccountClient.normalized(url) }
        if accepted {
            #expect((try? result.get()) != nil, "\(url) refused")
        } else if case .failure(let error) = result {
            guard case .plainAccountsURL(let shown) = error else { Issue.record("\(url): \(error)"); return }
            #expect(!shown.contains("127.0.0.1@"), "shown without user information: \(shown)")
        } else {
            Issue.record("\(url) accepted")
        }
    }

    @Test("the key: the entry's password trimmed; no entry or no password is exit 4; anything but letters, digits and dashes is refused")
    func apiKey() throws {
        let key = try APIKey(from: Entry(name: "hibp/api-key", password: " 6f1ed002ab5595859014ebf0951522d9\n", created: Self.created),
                             name: "hibp/api-key")
        #expect(key.value == "6f1ed002ab5595859014ebf0951522d9")
        #expect(!"\(key)".contains(key.value))
        #expect(throws: BreachError.noAPIKey(entry: "hibp/api-key")) { try APIKey(from: nil, name: "hibp/api-key") }
        #expect(throws: BreachError.noAPIKey(entry: "k")) { try APIKey(from: Entry(name: "k", created: Self.created), name: "k") }
        #expect(BreachError.noAPIKey(entry: "k").exitStatus == .notFound)
        for bad in ["", "two words", "key\r\nX-Injected: 1", "ключ"] {
            #expect(throws: BreachError.notAnAPIKey(entry: "k")) { try APIKey(from: Entry(name: "k", password: bad, created: Self.created), name: "k") }
        }
    }
}
