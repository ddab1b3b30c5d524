import FoundationEssentials
import Testing
import VaultCLI
@testable import TLSAudit
import VaultCore
import VaultSystem

@Suite("TLS auditor small parts")
struct SmallPartsTests {
    @Test("civil dates round-trip through seconds since the epoch, before 1970 and after 2100", arguments: [
        (1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (2024, 12, 31), (2100, 3, 1), (2125, 1, 1), (1600, 2, 29),
    ])
    func civilTime(year: Int, month: Int, day: Int) {
        let seconds = CivilTime.secondsSinceEpoch(year: year, month: month, day: day, hour: 13, minute: 5, second: 9)
        #expect(CivilTime.day(secondsSinceEpoch: seconds) == (year, month, day))
    }

    @Test("known instants")
    func knownInstants() {
        #expect(CivilTime.secondsSinceEpoch(year: 2021, month: 1, day: 1, hour: 0, minute: 0, second: 0) == 1_609_459_200)
        #expect(DayText.timestamp(Date(timeIntervalSince1970: 1_609_459_200 + 3_661)) == "2021-01-01T01:01:01Z")
        #expect(DayText.count(1) == "1 day" && DayText.count(2_150) == "2,150 days")
    }

    @Test("pins take curl's sha256// form or sha256/, and must be 32 bytes of Base64")
    func pins() {
        let digest = String(repeating: "A", count: 43) + "="
        #expect(PinOption.normalized("sha256//" + digest) == "sha256//" + digest)
        #expect(PinOption.normalized("SHA256/" + digest) == "sha256//" + digest)
        #expect(PinOption.normalized("sha256//" + String(repeating: "A", count: 40)) == nil)
        #expect(PinOption.normalized("sha1//" + digest) == nil)
        #expect(PinOption.normalized(digest) == nil)
    }

    @Test("cipher suites: names from the IANA table, and the weak ones say why")
    func cipherSuites() {
        #expect(CipherSuite(id: 0x1301).name == "TLS_AES_128_GCM_SHA256" && CipherSuite(id: 0x1301).weakness == nil)
        #expect(CipherSuite(id: 0xC02F).weakness == nil)
        #expect(CipherSuite(id: 0x009C).weakness?.contains("forward secrecy") == true)
        #expect(CipherSuite(id: 0x000A).weakness?.contains("Sweet32") == true)
        #expect(CipherSuite(id: 0x0005).weakness?.contains("RC4") == true)
        #expect(CipherSuite(id: 0xFAFA).name == "0xFAFA")
    }

    @Test("protocol versions: names, and everything before TLS 1.2 is obsolete")
    func versions() {
        #expect(ProtocolVersion.tls12.name == "TLS 1.2" && !ProtocolVersion.tls12.isObsolete)
        #expect(ProtocolVersion.tls11.isObsolete && ProtocolVersion.ssl3.isObsolete)
        #expect(ProtocolVersion(wireValue: 0x7F1C).name == "version 0x7F1C")
    }

    @Test("redirects are followed only to the same host and port")
    func sameSite() {
        let fetch = HeaderFetch(
            endpoint: Endpoint(host: "example.com", port: 443),
            plan: ConnectionPlan(host: "example.com", port: 443, serverName: "example.com", timeout: .seconds(1)))
        #expect(fetch.sameSitePath("/login") == "/login")
        #expect(fetch.sameSitePath("https://example.com/a?b") == "/a?b")
        #expect(fetch.sameSitePath("https://EXAMPLE.com:443") == "/")
        #expect(fetch.sameSitePath("https://example.com?x=1") == "/?x=1")
        #expect(fetch.sameSitePath("//example.com/x") == "/x")
        #expect(fetch.sameSitePath("https://example.com:8443/") == nil)
        #expect(fetch.sameSitePath("http://example.com/") == nil)
        #expect(fetch.sameSitePath("https://www.example.com/") == nil)
        #expect(fetch.sameSitePath("//evil.example/") == nil)
        #expect(fetch.sameSitePath("login", from: "/account/start?x=1") == "/account/login")
        #expect(fetch.sameSitePath("login", from: "/") == "/login")
        #expect(fetch.sameSitePath("mailto:x@example.com") == nil)
    }
}
