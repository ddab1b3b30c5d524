import FoundationEssentials
import NIOSSL
import Testing
@testable import TLSAudit

/// What the certificate fuzz target found (Fuzz/seeds/certificate/README.md), kept fixed.
@Suite("TLS fuzz findings")
struct FuzzFindingsTests {
    /// The RSA 2048 intermediate of the test PKI, as DER.
    static func intermediate() throws -> [UInt8] {
        try NIOSSLCertificate.fromPEMFile(CertificatePartsTests.fixtures + "/intermediate.pem")[0].toDERBytes()
    }

    /// `der` with the first `original` bytes replaced by `replacement`, of the same length.
    static func replacing(_ original: [UInt8], with replacement: [UInt8], in der: [UInt8]) throws -> [UInt8] {
        let start = try #require(der.indices.first { der[$0...].starts(with: original) })
        var changed = der
        changed.replaceSubrange(start..<start + original.count, with: replacement)
        return changed
    }

    /// The intermediate with its key's exponent 65537 made even (65536), or the last byte of
    /// its modulus made even: keys BoringSSL refuses, which swift-crypto then freed twice.
    static func refusedKeys() throws -> [(String, [UInt8])] {
        let der = try intermediate()
        let exponent: [UInt8] = [0x02, 0x03, 0x01, 0x00, 0x01]
        let start = try #require(der.indices.first { der[$0...].starts(with: exponent) })
        var evenModulus = der
        evenModulus[start - 1] &= 0xFE
        return [
            ("an even exponent", try replacing(exponent, with: [0x02, 0x03, 0x01, 0x00, 0x00], in: der)),
            ("an even modulus", evenModulus),
        ]
    }

    /// The double free aborts only where freed memory is poisoned, as in the fuzz build (the
    /// seed aborts there without the fix); elsewhere it is a silent write to freed memory. So
    /// the key is checked before swift-certificates may see it, and that check is what is tested.
    @Test("a certificate with an RSA key BoringSSL refuses is described but never given to swift-certificates (crash-rsa-even-exponent)")
    func refusedRSAKey() throws {
        for (kind, der) in try Self.refusedKeys() {
            #expect(!CertificateParsing.rsaKeyIsSafe(der), "\(kind)")
            let details = try CertificateDetails(NIOSSLCertificate(bytes: der, format: .der))
            #expect(details.certificate == nil, "\(kind)")
            #expect(details.parts.key.text == "RSA 2048 bits", "\(kind)")
        }
        #expect(CertificateParsing.rsaKeyIsSafe(try Self.intermediate()))
        #expect(CertificateParsing.certificate(der: try Self.intermediate()) != nil)
    }

    @Test("a --ca-file holding such a certificate is refused with a reason")
    func refusedRSAKeyAsRoot() throws {
        let der = try Self.refusedKeys()[0].1
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vault-fuzz-finding-\(UInt32.random(in: 0...UInt32.max)).pem").path
        let base64 = Array(Data(der).base64EncodedString())
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        let pem = (["-----BEGIN CERTIFICATE-----"] + lines + ["-----END CERTIFICATE-----"]).joined(separator: "\n") + "\n"
        try Data(pem.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TLSAuditError.unreadableRoots(path, "certificate 1 in it cannot be parsed")) {
            try TrustRoots.load(caFile: path, withSystemRoots: false)
        }
    }
}
