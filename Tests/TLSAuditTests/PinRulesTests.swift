import Testing
@testable import TLSAudit

/// `--pin [HOST=]PIN`: how a scope is read and checked, and which pins an endpoint is held to.
@Suite("TLS pins given with --pin")
struct PinRulesTests {
    /// Three distinct pins of the right length, in canonical Base64 (the last digit's two
    /// spare bits zero), as normalising writes them.
    static let pinA = "sha256//" + String(repeating: "A", count: 42) + "A="
    static let pinB = "sha256//" + String(repeating: "B", count: 42) + "A="
    static let pinC = "sha256//" + String(repeating: "C", count: 42) + "A="

    private func option(_ text: String) throws -> PinOption { try PinOption.parse(text) }

    @Test("the scope is the text before =sha256/, in any case; the pin is normalised")
    func scope() throws {
        let scoped = try option("API.Example.com=SHA256/" + Self.pinA.dropFirst(8))
        #expect(scoped == PinOption(scope: HostPattern(name: "api.example.com", isWildcard: false), pin: Self.pinA))
        #expect(try option(Self.pinA) == PinOption(scope: nil, pin: Self.pinA))
        #expect(try option("*.example.com=" + Self.pinA).scope == HostPattern(name: "example.com", isWildcard: true))
        #expect(try option("[::1]=" + Self.pinA).scope == HostPattern(name: "::1", isWildcard: false))
        #expect(try option("127.0.0.1=" + Self.pinA).scope?.name == "127.0.0.1")
    }

    @Test("a * is only the whole first label, with two labels or more after it, over names, never IP addresses; no port", arguments: [
        "*.com", "*", "a*.example.com", "*a.example.com", "x.*.example.com", "*.*.example.com", "*.example..com", "=", "a b",
        "*.0.0.1", "example.com:443", "*.example.com:8443", "localhost:1",
    ])
    func badScope(scope: String) {
        #expect(throws: PinOptionError.self) { try PinOption.parse(scope + "=" + Self.pinA) }
    }

    @Test("a scope with a pin that is not one is refused for the pin")
    func badPin() {
        do {
            _ = try PinOption.parse("example.com=sha256//short")
            Issue.record("a short pin was taken")
        } catch {
            #expect(error.message == "'example.com=sha256//short' is not a pin: expected [HOST=]sha256//BASE64 of a 32-byte SHA-256")
        }
        do {
            _ = try PinOption.parse("*.com=" + Self.pinA)
            Issue.record("*.com was taken")
        } catch {
            #expect(error.message.contains("'*.com' is not a host: a wildcard needs at least two labels after *."))
        }
    }

    @Test("a wildcard covers exactly one more label")
    func oneLabel() throws {
        let rules = PinRules([try option("*.example.com=" + Self.pinA)])
        #expect(rules.pins(for: "a.example.com") == [Self.pinA])
        #expect(rules.pins(for: "A.EXAMPLE.COM") == [Self.pinA])
        #expect(rules.pins(for: "example.com").isEmpty)
        #expect(rules.pins(for: "a.b.example.com").isEmpty)
        #expect(rules.pins(for: "aexample.com").isEmpty)
        #expect(rules.pins(for: "a.example.org").isEmpty)
    }

    @Test("an exact host beats its wildcard, which beats the pins without a host")
    func precedence() throws {
        let rules = PinRules([
            try option(Self.pinC),
            try option("*.example.com=" + Self.pinB),
            try option("www.example.com=" + Self.pinA),
            try option("WWW.example.com=" + Self.pinC),
        ])
        #expect(rules.pins(for: "www.example.com") == [Self.pinA, Self.pinC])
        #expect(rules.pins(for: "shop.example.com") == [Self.pinB])
        #expect(rules.pins(for: "example.com") == [Self.pinC])
        #expect(rules.pins(for: "localhost") == [Self.pinC])
    }

    @Test("the most specific wildcard wins: a deeper host takes only its own parent's wildcard")
    func longestWildcard() throws {
        let rules = PinRules([try option("*.example.com=" + Self.pinA), try option("*.b.example.com=" + Self.pinB)])
        #expect(rules.pins(for: "a.b.example.com") == [Self.pinB])
        #expect(rules.pins(for: "b.example.com") == [Self.pinA])
        #expect(rules.pins(for: "x.a.b.example.com").isEmpty)
    }

    @Test("with scoped pins only, an endpoint none applies to is not pin-checked; an IP address takes no wildcard")
    func nothingLeft() throws {
        let rules = PinRules([try option("localhost=" + Self.pinA), try option("*.example.com=" + Self.pinB)])
        #expect(rules.pins(for: "localhost") == [Self.pinA])
        #expect(rules.pins(for: "127.0.0.1").isEmpty)
        #expect(PinRules().pins(for: "localhost").isEmpty && PinRules().pins(for: "a.example.com").isEmpty)
    }
}
