import FoundationEssentials

/// Everything the auditor learnt about one endpoint: what the handshake showed, the
/// certificates as sent, the trusted path, the findings, and the site's headers.
public struct EndpointAudit: Sendable {
    /// The overall judgement, which sets the exit status.
    public enum Verdict: String, Sendable {
        /// Trusted, with no critical finding (exit 0).
        case trusted
        /// Some critical finding (exit 10).
        case untrusted
        /// Not audited: no connection or no handshake, and nothing seen that condemns it (exit 1).
        case error
    }

    public let endpoint: Endpoint
    /// Where the connection went (differs with `--connect-to`).
    public let address: Endpoint
    /// The name sent in SNI, if any.
    public let serverName: String?
    /// The name or address the certificate was checked against.
    let identity: ServerIdentity
    /// Why the handshake did not complete, if it did not.
    var failure: ConnectionFailure?
    var protocolVersion: ProtocolVersion?
    var cipherSuite: CipherSuite?
    var certificates: [CertificateDetails] = []
    /// The trusted path from the leaf to a root, by subject, when there is one.
    var path: [String] = []
    /// The SPKI pins of the trusted path's certificates, leaf first.
    var pathPins: [String] = []
    var rootsOrigin: String
    var findings: [AuditFinding] = []
    var headers: HeaderReport?

    public var verdict: Verdict {
        if findings.contains(where: \.kind.isCritical) { return .untrusted }
        return failure == nil ? .trusted : .error
    }

    /// The leaf's SPKI pin, when the server sent a certificate.
    var leafPin: String? { certificates.first?.pin }

    /// Whether the leaf, or a certificate on the verified path to a trusted root, has one of
    /// `pins`. Another certificate merely sent along proves nothing: anyone can append a public
    /// CA's certificate to a chain of their own.
    func hasCertificate(pinnedBy pins: [String]) -> Bool {
        !Set(certificates.prefix(1).map(\.pin) + pathPins).isDisjoint(with: pins)
    }

    /// When the first of the certificates whose dates were judged expires: those of the trusted
    /// path, or every one sent when there is no path.
    var earliestExpiry: Date?

    /// Days until `earliestExpiry` (negative once it has passed).
    func daysLeft(at now: Date) -> Int? {
        earliestExpiry.map { CertificateDetails.daysLeft(until: $0, at: now) }
    }
}
