import Crypto
import FoundationEssentials
import NIOSSL
import SwiftASN1
import X509

/// One certificate of the chain as the server sent it, described for a person, with the parsed
/// form swift-certificates verifies (nil when it refuses the certificate, as it does RSA keys
/// under 2048 bits).
struct CertificateDetails: Sendable {
    let parts: CertificateParts
    let certificate: Certificate?
    /// Its SPKI pin: `sha256//` and the Base64 SHA-256 of the DER SubjectPublicKeyInfo, the form
    /// of curl's `--pinnedpubkey` (HPKP's pin-sha256 has the same digest).
    let pin: String

    init(_ sent: NIOSSLCertificate) throws {
        let der = try sent.toDERBytes()
        parts = try CertificateParts(der: der)
        let certificate = CertificateParsing.certificate(der: der)
        self.certificate = certificate
        pin = Self.pin(of: parts.subjectPublicKeyInfo)
        isSelfSigned = parts.subject == parts.issuer
            && certificate.map { $0.publicKey.isValidSignature($0.signature, for: $0) } ?? true
    }

    static func pin(of subjectPublicKeyInfo: [UInt8]) -> String {
        "sha256//" + Data(SHA256.hash(data: subjectPublicKeyInfo)).base64EncodedString()
    }

    /// The pin of a certificate met on the trusted path (a root from the store).
    static func pin(of certificate: Certificate) -> String? {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil,
              let parts = try? CertificateParts(der: serializer.serializedBytes) else { return nil }
        return pin(of: parts.subjectPublicKeyInfo)
    }

    var subject: String { parts.subject.description }
    var issuer: String { parts.issuer.description }
    var signature: SignatureAlgorithm { SignatureAlgorithm(oid: parts.signatureAlgorithm) }

    /// Issued by itself: subject and issuer are the same name, and, when the certificate could be
    /// parsed, its own key verifies its signature.
    let isSelfSigned: Bool

    /// Whole days from `now` until it expires (negative once expired).
    func daysLeft(at now: Date) -> Int { Self.daysLeft(until: parts.notAfter, at: now) }

    static func daysLeft(until notAfter: Date, at now: Date) -> Int {
        Int(((notAfter.timeIntervalSince1970 - now.timeIntervalSince1970) / 86_400).rounded(.down))
    }
}
