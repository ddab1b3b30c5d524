/// A certificate's signature algorithm by OID, with its usual name and whether its hash is broken.
struct SignatureAlgorithm: Sendable, Equatable {
    let oid: String

    /// The name RFC 3279, 4055, 5758 and 8410 give it, or the OID.
    var name: String { Self.names[oid] ?? oid }

    /// Why the signature is not to be trusted, or nil: MD2, MD5 and SHA-1 hashes can be made to
    /// collide (SHAttered, 2017), so a forged certificate can carry a real signature.
    var weakness: String? {
        guard let hash = Self.brokenHashes[oid] else { return nil }
        return "signed with \(hash), whose collisions let a forger reuse the signature"
    }

    private static let brokenHashes: [String: String] = [
        "1.2.840.113549.1.1.2": "MD2", "1.2.840.113549.1.1.4": "MD5", "1.2.840.113549.1.1.5": "SHA-1",
        "1.2.840.10045.4.1": "SHA-1", "1.2.840.10040.4.3": "SHA-1", "1.3.14.3.2.29": "SHA-1",
    ]

    private static let names: [String: String] = [
        "1.2.840.113549.1.1.2": "md2WithRSAEncryption",
        "1.2.840.113549.1.1.4": "md5WithRSAEncryption",
        "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
        "1.3.14.3.2.29": "sha1WithRSASignature",
        "1.2.840.113549.1.1.10": "RSASSA-PSS",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
        "1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
        "1.2.840.113549.1.1.13": "sha512WithRSAEncryption",
        "1.2.840.113549.1.1.14": "sha224WithRSAEncryption",
        "1.2.840.10045.4.1": "ecdsa-with-SHA1",
        "1.2.840.10045.4.3.1": "ecdsa-with-SHA224",
        "1.2.840.10045.4.3.2": "ecdsa-with-SHA256",
        "1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
        "1.2.840.10045.4.3.4": "ecdsa-with-SHA512",
        "1.2.840.10040.4.3": "dsa-with-SHA1",
        "2.16.840.1.101.3.4.3.2": "dsa-with-SHA256",
        "1.3.101.112": "Ed25519",
        "1.3.101.113": "Ed448",
    ]
}
