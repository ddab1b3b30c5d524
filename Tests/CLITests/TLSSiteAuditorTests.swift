import CLITestSupport
import Foundation
import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// The TLS plugin's part of `vault audit --tls`, run through the registry of the built-in
/// plugins against real sites on loopback.
@Suite("vault audit --tls: the TLS plugin's auditor")
struct TLSSiteAuditorTests {
    static func entry(_ name: String, urls: [String], pins: String? = nil) -> Entry {
        Entry(name: name, password: "pw", urls: urls,
              fields: pins.map { [CustomField(name: "tls-pins", value: $0, secret: false)] } ?? [], created: Date())
    }

    static func request(timeout: Int = 10) -> AuditRequest {
        var request = AuditRequest(now: Date())
        request.tls = AuditRequest.TLSRequest(caFile: TLSTestSite.root, withSystemRoots: false, timeout: timeout)
        return request
    }

    @Test("it runs only with --tls, and reports its four kinds")
    func coverage() throws {
        let auditor = try RegisteredAuditor(reporting: "pin-changed", in: try VaultFixture())
        #expect(try auditor.coverage(of: AuditRequest(now: Date())) == .skipped("give --tls"))
        #expect(try auditor.coverage(of: Self.request()) == .checked)
        #expect(auditor.auditor.kinds.map(\.id) == ["untrusted-site", "unreachable-site", "pin-changed", "pin-rotated"])
        #expect(auditor.auditor.kinds.map(\.severity) == [.finding, .finding, .finding, .warning])
    }

    @Test("each entry naming an untrustworthy or unreachable site gets a finding; the entries that saved pins get pin-rotated or pin-changed")
    func findings() async throws {
        let fixture = try VaultFixture()
        let auditor = try RegisteredAuditor(reporting: "untrusted-site", in: fixture)
        let goodLeaf = try await OpenSSLClient.pin(ofFixture: "good-chain.pem")
        let rsaLeaf = try await OpenSSLClient.pin(ofFixture: "good-rsa-chain.pem")
        let intermediate = try await OpenSSLClient.pin(ofFixture: "intermediate.pem")
        let otherRoot = try await OpenSSLClient.pin(ofFixture: "other-root.pem")
        let selfSignedLeaf = try await OpenSSLClient.pin(ofFixture: "self-signed-chain.pem")
        let closed = try ClosedPort.find()
        try await TLSTestSite.with(certificate: "good") { good in
            try await TLSTestSite.with(certificate: "self-signed") { selfSigned in
                let entries = [
                    Self.entry("web/fine", urls: ["https://\(good.address)/"], pins: "localhost \(goodLeaf) \(intermediate)"),
                    Self.entry("web/gone", urls: ["https://127.0.0.1:\(closed)/"]),
                    Self.entry("web/home", urls: ["https://\(selfSigned.address)", "http://plain.example/"]),
                    Self.entry("web/moved", urls: ["https://\(good.address)/"], pins: "localhost \(otherRoot) \(otherRoot)"),
                    Self.entry("web/renewed", urls: ["https://\(good.address)/"], pins: "LOCALHOST \(rsaLeaf) \(intermediate)"),
                    Self.entry("note/bare", urls: []),
                ]
                let (contribution, stderr) = try await auditor.audit(entries, request: Self.request(timeout: 2))
                let found = contribution.findings.map { "\($0.kind.id) \($0.entry): \($0.message)" }.sorted()
                #expect(found == [
                    "pin-changed web/moved: https://\(good.address): neither the leaf nor a CA on the verified path has a pin this entry saved for localhost; the leaf's pin is now \(goodLeaf)",
                    "pin-rotated web/renewed: https://\(good.address): the leaf's pin is now \(goodLeaf), not the one this entry saved for localhost, but a CA on the verified path still has the saved backup pin",
                    "untrusted-site web/home: https://\(selfSigned.address): self-signed",
                    "unreachable-site web/gone: https://127.0.0.1:\(closed): cannot connect: connection refused",
                ].sorted(), "\(contribution.findings)")
                #expect(!stderr.contains("plain HTTP"), "the audit's own plain-http finding covers it; no note: \(stderr)")
                let home = try #require(contribution.findings.first { $0.entry == "web/home" })
                #expect(home.details == ["site": .text(selfSigned.address), "findings": .texts(["self-signed"]), "leaf_pin": .text(selfSignedLeaf)])
                let moved = try #require(contribution.findings.first { $0.entry == "web/moved" })
                #expect(moved.details == ["site": .text(good.address), "findings": .texts([]), "leaf_pin": .text(goodLeaf),
                                          "saved_pins": .texts([otherRoot, otherRoot])])
                let gone = try #require(contribution.findings.first { $0.entry == "web/gone" })
                #expect(gone.details["error"] == .text("cannot connect: connection refused") && gone.details["leaf_pin"] == nil)
            }
        }
    }

    @Test("a malformed tls-pins field ends the audit with an error naming the entry, before any connection")
    func malformed() async throws {
        let auditor = try RegisteredAuditor(reporting: "pin-changed", in: try VaultFixture())
        let entries = [Self.entry("web/site", urls: ["https://localhost:\(try ClosedPort.find())"], pins: "localhost")]
        do {
            _ = try await auditor.audit(entries, request: Self.request())
            Issue.record("a malformed field was passed over")
        } catch let error as any VaultFailure {
            #expect(error.message.hasPrefix("the tls-pins field of 'web/site' is malformed: line 1: expected HOST PRIMARY-PIN [BACKUP-PIN]"))
            #expect(error.exitStatus == .failure)
        }
    }
}
