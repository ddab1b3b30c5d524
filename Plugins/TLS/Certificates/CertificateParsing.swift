import _CryptoExtras
import SwiftASN1
import X509

/// swift-certificates' `Certificate(derEncoded:)`, safe on any bytes. swift-crypto (3.12.3,
/// still so in 4.5.0) frees an RSA key twice when BoringSSL refuses its numbers (a modulus
/// under 512 or over 16,384 bits or even, an exponent of 1, even or over 33 bits): an abort
/// where freed memory is checked, a write to freed memory elsewhere. swift-certificates hands
/// it every RSA key that is well-formed DER, so one certificate from a server was enough. Such
/// a key is first built from its numbers, which fails cleanly, and the certificate is then
/// refused like any other that swift-certificates cannot parse.
enum CertificateParsing {
    /// The certificate, or nil when swift-certificates refuses it or its RSA key is one freed twice.
    static func certificate(der: [UInt8]) -> Certificate? {
        guard rsaKeyIsSafe(der) else { return nil }
        return try? Certificate(derEncoded: der)
    }

    /// The OID of `rsaEncryption` keys, the ones swift-certificates gives swift-crypto.
    private static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]

    /// Whether the certificate's key is not RSA, or is an RSA key swift-crypto accepts from its
    /// numbers (read as swift-certificates reads them: `RSAPublicKey ::= SEQUENCE { modulus
    /// INTEGER, publicExponent INTEGER }`, unsigned). False when the key cannot be found: such
    /// bytes are no certificate swift-certificates would read either.
    static func rsaKeyIsSafe(_ der: [UInt8]) -> Bool {
        // The TBSCertificate's sixth field is the SubjectPublicKeyInfo (RFC 5280 4.1).
        guard let info = try? CertificateParts.children(of: CertificateParts.sections(of: der).fields[5]), info.count == 2,
              let algorithm = try? CertificateParts.children(of: info[0]).first,
              let oid = try? ASN1ObjectIdentifier(derEncoded: algorithm) else { return false }
        guard oid == rsaEncryption else { return true }
        guard let key = try? ASN1BitString(derEncoded: info[1]),
              let (modulus, exponent) = try? DER.sequence(DER.parse(Array(key.bytes)), identifier: .sequence, { nodes in
                  (try ArraySlice<UInt8>(derEncoded: &nodes), try ArraySlice<UInt8>(derEncoded: &nodes))
              }) else { return false }
        return (try? _RSA.Signing.PublicKey(n: modulus, e: exponent)) != nil
    }
}
