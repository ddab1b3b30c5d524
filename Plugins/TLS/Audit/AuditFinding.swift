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
        case noCertificate = "no-certificate"
        case expiresSoon = "expires-soon"
        case weakCipher = "weak-cipher"
        case legacyProtocolAccepted = "legacy-protocol-accepted"

        /// Warnings leave the verdict alone; everything else makes the endpoint untrustworthy.
        public var isCritical: Bool {
            switch self {
            case .expiresSoon, .weakCipher, .legacyProtocolAccepted: false
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
