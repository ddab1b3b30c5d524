/// One thing the auditor found wrong with an endpoint, with a reason a person can act on.
/// Critical findings make the endpoint untrustworthy (exit 10); warnings do not.
public struct AuditFinding: Sendable, Equatable {
    /// A finding's kind; its raw value is the stable `id` of the JSON output.
    public enum Kind: String, Sendable, CaseIterable {
        case expired = "expired"
        case notYetValid = "not-yet-valid"
        case hostnameMismatch = "hostname-mismatch"
        case selfSigned = "self-signed"
        case untrustedRoot = "untrusted-root"
        case unknownIssuer = "unknown-issuer"
        case incompleteChain = "incomplete-chain"
        case invalidChain = "invalid-chain"
        case unverifiable = "unverifiable"
        case weakKey = "weak-key"
        case weakSignature = "weak-signature"
        case oldProtocol = "old-protocol"
        case pinMismatch = "pin-mismatch"
        case pinChanged = "pin-changed"
        case noCertificate = "no-certificate"
        case expiresSoon = "expires-soon"
        case weakCipher = "weak-cipher"
        case legacyProtocolAccepted = "legacy-protocol-accepted"
        case pinRotated = "pin-rotated"

        /// What the finding means and why it matters, for `vault tls --help` and the man page.
        public var explanation: String {
            switch self {
            case .expired:
                "a certificate of the chain is past its end date; clients refuse it, and nobody tracks the revocation of its key any more"
            case .notYetValid:
                "a certificate's start date is still to come: it was issued wrongly or for later, and clients refuse it"
            case .hostnameMismatch:
                "the leaf's names (its subject alternative names, else its common name) do not cover the host audited: the certificate is another site's, as an interception's would be"
            case .selfSigned:
                "the leaf is signed by its own key and is not a trusted root: anyone can make one, so it proves nothing about who answered"
            case .untrustedRoot:
                "the chain ends at a root that is not in the trust store (a private CA, or an interception proxy's)"
            case .unknownIssuer:
                "the chain stops at a certificate whose issuer was neither sent nor is trusted"
            case .incompleteChain:
                "the server sent its certificate without the intermediate that issued it; browsers that cached the intermediate still connect, most other clients (curl, apps, APIs) fail"
            case .invalidChain:
                "a path to a trusted root exists but breaks a rule: RFC 5280 (a CA flag, a path length or name constraint, an unknown critical extension), or an extended key usage that does not allow a TLS server"
            case .unverifiable:
                "a certificate cannot be verified at all: malformed, or an RSA key under 2048 bits, which swift-certificates refuses"
            case .weakKey:
                "an RSA or DSA key under 2048 bits, or an elliptic-curve key under 256 bits: within reach of factoring or discrete-log attacks, and no CA may issue one since 2013"
            case .weakSignature:
                "a certificate signed with MD2, MD5 or SHA-1, whose collisions let a forger move a signature to a certificate of their own (MD5 in 2008, SHA-1 in 2017); a root's self-signature is not judged"
            case .oldProtocol:
                "the server negotiated or insisted on SSL 3.0, TLS 1.0 or TLS 1.1, deprecated by RFC 8996 (POODLE, BEAST, no AEAD cipher), or refused every version from TLS 1.0 to 1.3"
            case .pinMismatch:
                "--pin gave pins for the host (its own, its wildcard's, or those without a host) and neither the leaf nor a certificate on the verified path to a trusted root has one of them (a certificate merely sent along does not count)"
            case .pinChanged:
                "an entry naming the site saved its pins (vault tls --save-pins) and neither matches: the leaf's key is not the one saved, and no CA on the verified path to a trusted root has the saved backup pin; a new key from another CA, or an interception"
            case .noCertificate:
                "the server completed a handshake without a certificate: nothing proves who answered"
            case .expiresSoon:
                "a certificate expires within 30 days; renew it before clients refuse it"
            case .weakCipher:
                "the chosen cipher suite has no forward secrecy (RSA key exchange), or uses 3DES, RC4, NULL or export ciphers"
            case .legacyProtocolAccepted:
                "the server negotiates TLS 1.2 or 1.3 with a modern client, yet still accepts TLS 1.0 or 1.1 from one that offers nothing newer"
            case .pinRotated:
                "an entry naming the site saved its pins and the leaf's key is not the one saved, but a CA on the verified path to a trusted root has the saved backup pin: most likely a renewal with a new key under the same CA; save the new pins with --save-pins --force"
            }
        }

        /// Warnings leave the verdict alone; everything else makes the endpoint untrustworthy.
        public var isCritical: Bool {
            switch self {
            case .expiresSoon, .weakCipher, .legacyProtocolAccepted, .pinRotated: false
            default: true
            }
        }
    }

    public let kind: Kind
    /// One sentence saying what was seen.
    public let detail: String
    /// The position in the chain as sent of the certificate concerned, if one is.
    public let certificate: Int?

    public init(_ kind: Kind, _ detail: String, certificate: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.certificate = certificate
    }

    public var severity: String { kind.isCritical ? "critical" : "warning" }
}
