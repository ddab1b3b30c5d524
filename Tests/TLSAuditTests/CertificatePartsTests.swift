import FoundationEssentials
import NIOSSL
import Testing
import VaultCLI
@testable import TLSAudit

@Suite("Certificate parts")
struct CertificatePartsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/tls").path

    private func details(_ file: String) throws -> [CertificateDetails] {
        try NIOSSLCertificate.fromPEMFile(Self.fixtures + "/" + file).map(CertificateDetails.init)
    }

    @Test("keys and signatures are read even where swift-certificates refuses the certificate")
    func keys() throws {
        let weak = try details("rsa-1024-chain.pem")
        #expect(weak[0].certificate == nil)
        #expect(weak[0].parts.key == PublicKeyDescription(kind: .rsa, bits: 1024, curve: nil))
        #expect(weak[0].parts.key.weakness != nil)
        #expect(weak[0].subject == "CN=localhost")
        #expect(weak[0].parts.alternativeNames == ["DNS:localhost", "IP:127.0.0.1", "IP:::1"])
        let good = try details("good-chain.pem")
        #expect(good[0].parts.key == PublicKeyDescription(kind: .ec, bits: 256, curve: "P-256"))
        #expect(good[1].parts.key.text == "RSA 2048 bits")
        #expect(good[0].signature.name == "sha256WithRSAEncryption" && good[0].signature.weakness == nil)
        #expect(good[1].signature.name == "ecdsa-with-SHA256")
        #expect(try details("sha1-chain.pem")[0].signature.weakness?.contains("SHA-1") == true)
    }

    @Test("validity dates before 2050 (UTCTime) and after (GeneralizedTime) are read to the second")
    func dates() throws {
        let good = try details("good-chain.pem")[0].parts
        #expect(DayText.timestamp(good.notBefore) == "2025-01-01T00:00:00Z")
        #expect(DayText.timestamp(good.notAfter) == "2125-01-01T00:00:00Z")
        let expired = try details("expired-chain.pem")[0]
        #expect(expired.daysLeft(at: Date(timeIntervalSince1970: 1_609_459_200 - 86_400 * 3 - 1)) == 3)
        #expect(expired.daysLeft(at: Date(timeIntervalSince1970: 1_609_459_200 + 1)) == -1)
    }

    @Test("self-signed means signed by its own key, not only the same name")
    func selfSigned() throws {
        #expect(try details("self-signed-chain.pem")[0].isSelfSigned)
        #expect(try details("untrusted-chain.pem")[1].isSelfSigned)
        #expect(try details("good-chain.pem").allSatisfy { !$0.isSelfSigned })
    }

    @Test("bit lengths of big-endian integers ignore the sign byte")
    func bitLength() {
        #expect(PublicKeyDescription.bitLength([0x00, 0x80, 0x00]) == 16)
        #expect(PublicKeyDescription.bitLength([0x01]) == 1)
        #expect(PublicKeyDescription.bitLength([0x00, 0x00]) == 0)
        #expect(PublicKeyDescription.bitLength([0x7F] + Array(repeating: 0, count: 127)) == 1023)
    }
}
