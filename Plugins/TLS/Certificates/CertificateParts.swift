import FoundationEssentials
import SwiftASN1
import VaultCore
import VaultSystem
import X509

/// The parts of a DER certificate that the auditor shows, read field by field (RFC 5280 4.1)
/// with swift-certificates' types for names and extensions. `Certificate(derEncoded:)` refuses
/// certificates with RSA keys under 2048 bits, which are exactly the ones an auditor must still
/// describe, so the whole certificate is not parsed here.
struct CertificateParts: Sendable {
    let subject: DistinguishedName
    let issuer: DistinguishedName
    let notBefore: Date
    let notAfter: Date
    /// The outer signatureAlgorithm's OID, dotted.
    let signatureAlgorithm: String
    /// The SubjectPublicKeyInfo exactly as encoded, for the pin.
    let subjectPublicKeyInfo: [UInt8]
    let key: PublicKeyDescription
    let extensions: [Certificate.Extension]

    /// `Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }` and
    /// `TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber, signature, issuer,
    /// validity, subject, subjectPublicKeyInfo, ... }`.
    init(der: [UInt8]) throws {
        let (certificate, fields) = try Self.sections(of: der)
        let algorithm = try Self.children(of: certificate[1])
        guard let algorithmNode = algorithm.first else { throw Self.malformed("no signature algorithm") }
        signatureAlgorithm = try ASN1ObjectIdentifier(derEncoded: algorithmNode).description
        issuer = try DistinguishedName(derEncoded: fields[2])
        let validity = try Self.children(of: fields[3])
        guard validity.count == 2 else { throw Self.malformed("a validity has two times") }
        notBefore = try Self.date(validity[0])
        notAfter = try Self.date(validity[1])
        subject = try DistinguishedName(derEncoded: fields[4])
        subjectPublicKeyInfo = Array(fields[5].encodedBytes)
        key = try PublicKeyDescription(subjectPublicKeyInfo: fields[5])
        let extensionsTag = ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific)
        if let wrapper = fields.dropFirst(6).first(where: { $0.identifier == extensionsTag }),
           let list = try Self.children(of: wrapper).first {
            extensions = try Self.children(of: list).map { try Certificate.Extension(derEncoded: $0) }
        } else {
            extensions = []
        }
    }

    /// The subject alternative names, `DNS:example.com`, `IP:192.0.2.1`.
    var alternativeNames: [String] {
        guard let entry = extensions.first(where: { $0.oid == .X509ExtensionID.subjectAlternativeName }),
              let names = try? SubjectAlternativeNames(entry) else { return [] }
        return names.map { name in
            switch name {
            case .dnsName(let dns): "DNS:" + dns
            case .ipAddress(let octets): "IP:" + IPAddressText.from(Array(octets.bytes))
            case .uniformResourceIdentifier(let uri): "URI:" + uri
            case .rfc822Name(let email): "email:" + email
            default: String(describing: name)
            }
        }
    }

    /// A UTCTime or GeneralizedTime (RFC 5280 4.1.2.5), as a date.
    private static func date(_ node: ASN1Node) throws -> Date {
        let parts: (year: Int, month: Int, day: Int, hours: Int, minutes: Int, seconds: Int)
        if node.identifier == .utcTime {
            let time = try UTCTime(derEncoded: node)
            parts = (time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        } else {
            let time = try GeneralizedTime(derEncoded: node)
            parts = (time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        }
        return Date(timeIntervalSince1970: Double(CivilTime.secondsSinceEpoch(
            year: parts.year, month: parts.month, day: parts.day,
            hour: parts.hours, minute: parts.minutes, second: parts.seconds)))
    }

    /// The certificate's three parts, and its TBSCertificate's fields from `serialNumber` on
    /// (the optional version left out; at least six of them).
    static func sections(of der: [UInt8]) throws -> (certificate: [ASN1Node], fields: [ASN1Node]) {
        let certificate = try children(of: DER.parse(der))
        guard certificate.count == 3 else { throw malformed("a certificate has three parts") }
        var fields = try children(of: certificate[0])
        if fields.first?.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) { fields.removeFirst() }
        guard fields.count >= 6 else { throw malformed("the certificate body is too short") }
        return (certificate, fields)
    }

    static func children(of node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let children) = node.content else { throw malformed("expected a SEQUENCE") }
        return Array(children)
    }

    static func malformed(_ reason: String) -> ASN1Error {
        ASN1Error.invalidASN1Object(reason: reason)
    }
}

/// A public key's algorithm and strength: RSA with its modulus size, EC with its curve.
struct PublicKeyDescription: Sendable, Equatable {
    enum Kind: String, Sendable {
        case rsa = "RSA", ec = "EC", ed25519 = "Ed25519", ed448 = "Ed448", dsa = "DSA", other
    }

    let kind: Kind
    /// The modulus size for RSA and DSA, the field size for EC and EdDSA.
    let bits: Int?
    /// The named curve for EC (`P-256`).
    let curve: String?

    /// "RSA 2048 bits", "EC P-256", "Ed25519".
    var text: String {
        switch kind {
        case .ec: "EC " + (curve ?? "on an unnamed curve")
        case .ed25519, .ed448: kind.rawValue
        case .rsa, .dsa: kind.rawValue + (bits.map { " \($0) bits" } ?? "")
        case .other: "an unknown algorithm"
        }
    }

    /// Why the key is too weak to trust, or nil: RSA and DSA below 2048 bits (NIST SP 800-131A
    /// disallowed them after 2013), EC below 256 bits.
    var weakness: String? {
        switch kind {
        case .rsa, .dsa:
            guard let bits, bits < 2048 else { return nil }
            return "a \(bits)-bit \(kind.rawValue) key is below the 2048 bits required since 2013"
        case .ec:
            guard let bits, bits < 256 else { return nil }
            return "the \(curve ?? "EC") curve (\(bits) bits) is below the 256 bits required"
        case .ed25519, .ed448, .other:
            return nil
        }
    }

    private static let curves: [String: (name: String, bits: Int)] = [
        "1.2.840.10045.3.1.1": ("P-192", 192), "1.3.132.0.33": ("P-224", 224),
        "1.2.840.10045.3.1.7": ("P-256", 256), "1.3.132.0.34": ("P-384", 384), "1.3.132.0.35": ("P-521", 521),
        "1.3.132.0.10": ("secp256k1", 256),
        "1.3.36.3.3.2.8.1.1.7": ("brainpoolP256r1", 256), "1.3.36.3.3.2.8.1.1.11": ("brainpoolP384r1", 384),
        "1.3.36.3.3.2.8.1.1.13": ("brainpoolP512r1", 512),
    ]

    /// `SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT
    /// STRING }`; for RSA the BIT STRING holds `RSAPublicKey ::= SEQUENCE { modulus INTEGER,
    /// publicExponent INTEGER }` (RFC 8017 A.1.1).
    init(subjectPublicKeyInfo node: ASN1Node) throws {
        let parts = try CertificateParts.children(of: node)
        guard parts.count == 2 else { throw CertificateParts.malformed("a key info has two parts") }
        let algorithm = try CertificateParts.children(of: parts[0])
        guard let oidNode = algorithm.first else { throw CertificateParts.malformed("no key algorithm") }
        let oid = try ASN1ObjectIdentifier(derEncoded: oidNode).description
        switch oid {
        case "1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10":
            let key = try ASN1BitString(derEncoded: parts[1])
            let numbers = try CertificateParts.children(of: DER.parse(Array(key.bytes)))
            guard let modulus = numbers.first, case .primitive(let bytes) = modulus.content else {
                throw CertificateParts.malformed("no RSA modulus")
            }
            self.init(kind: .rsa, bits: Self.bitLength(Array(bytes)), curve: nil)
        case "1.2.840.10045.2.1":
            let parameter = algorithm.count > 1 ? try? ASN1ObjectIdentifier(derEncoded: algorithm[1]).description : nil
            let curve = parameter.flatMap { Self.curves[$0] }
            self.init(kind: .ec, bits: curve?.bits, curve: curve?.name ?? parameter)
        case "1.3.101.112": self.init(kind: .ed25519, bits: 256, curve: nil)
        case "1.3.101.113": self.init(kind: .ed448, bits: 448, curve: nil)
        case "1.2.840.10040.4.1":
            let size = algorithm.count > 1 ? try? CertificateParts.children(of: algorithm[1]).first : nil
            let bits = size.flatMap { node -> Int? in
                guard case .primitive(let bytes) = node.content else { return nil }
                return Self.bitLength(Array(bytes))
            }
            self.init(kind: .dsa, bits: bits, curve: nil)
        default: self.init(kind: .other, bits: nil, curve: oid)
        }
    }

    init(kind: Kind, bits: Int?, curve: String?) {
        self.kind = kind
        self.bits = bits
        self.curve = curve
    }

    /// The bit length of a big-endian unsigned integer (a leading sign byte of zero ignored).
    static func bitLength(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (bytes.count - first - 1) * 8 + (8 - bytes[first].leadingZeroBitCount)
    }
}
