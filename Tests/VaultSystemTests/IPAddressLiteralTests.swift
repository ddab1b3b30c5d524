import SeededRandom
import Testing
@testable import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The core's IP address check, which needs no C library, gives `inet_pton`'s answer: for the
/// forms people write, and for random strings of the characters addresses are made of.
@Suite("IP address literals")
struct IPAddressLiteralTests {
    private func systemAnswer(_ text: String) -> (v4: Bool, v6: Bool) {
        var buffer = in6_addr()
        return (inet_pton(AF_INET, text, &buffer) == 1, inet_pton(AF_INET6, text, &buffer) == 1)
    }

    private func expectSameAsSystem(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let system = systemAnswer(text)
        #expect(IPAddressLiteral.isIPv4(text[...]) == system.v4, "IPv4 \(text)", sourceLocation: sourceLocation)
        #expect(IPAddressLiteral.isIPv6(text[...]) == system.v6, "IPv6 \(text)", sourceLocation: sourceLocation)
    }

    @Test("the usual forms, and the near misses", arguments: [
        "127.0.0.1", "0.0.0.0", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1..2.3", "",
        "::", "::1", "1::", "fe80::1", "2001:db8::8a2e:370:7334", "2001:0db8:0000:0000:0000:ff00:0042:8329",
        "::ffff:192.0.2.1", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::",
        "::1:2:3:4:5:6:7", "1::2::3", ":::", "12345::", "fe80::1%eth0", "::1.2.3.4", "1.2.3.4::", "g::1", "example.com", "b\u{301}::1", "1\u{301}.2.3.4", "１.2.3.4",
    ])
    func usualForms(text: String) {
        expectSameAsSystem(text)
    }

    @Test("random strings of numbers, hex groups, colons and dots get inet_pton's answer")
    func randomStrings() {
        var random = SeededRandom(seed: 0x1F_A5_2026)
        let pieces = ["0", "1", "7", "25", "255", "256", "01", "ff", "FFFF", "abcd", "12345", "g", ":", ":", "::", ".", ".", "."]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...14, using: &random)
            expectSameAsSystem((0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined())
        }
    }
}
