import VaultCLI
import FoundationEssentials
import SwiftASN1
@_spi(DisableValidityCheck) import X509

/// The name a certificate must be valid for: a DNS name, or an IP address when the endpoint
/// was given as one.
struct ServerIdentity: Sendable, Equatable {
    let name: String
    let isIPAddress: Bool
}

/// What the auditor concluded about a chain as sent: the trusted path it found (leaf to root),
/// and every problem, each checked on its own so that one does not hide another.
struct ChainAssessment: Sendable {
    var path: [Certificate] = []
    var findings: [AuditFinding] = []
    /// When the first of the certificates whose dates were judged expires.
    var earliestExpiry: Date?
}

/// A certificate whose dates are judged: its place in the chain as sent (nil for a root that
/// came from the trust store), its subject and its validity.
struct DatedCertificate: Sendable {
    let index: Int?
    let subject: String
    let notBefore: Date
    let notAfter: Date
}

/// Judges a chain with swift-certificates: RFC 5280 path building to the trusted roots with the
/// validity check set apart (so that an expired leaf is reported as expired, not as untrusted),
/// the server-identity policy on the leaf alone, and the validity, key and signature of each
/// certificate.
struct ChainJudge: Sendable {
    let roots: TrustRoots
    let identity: ServerIdentity
    let now: Date
    /// Days before expiry that earn a warning.
    static let expiryWarningDays = 30

    func assess(_ chain: [CertificateDetails]) async -> ChainAssessment {
        var assessment = ChainAssessment()
        guard !chain.isEmpty else {
            assessment.findings.append(AuditFinding(.noCertificate, "the server sent no certificate"))
            return assessment
        }
        let parsed = chain.compactMap(\.certificate)
        if parsed.count == chain.count {
            await judgePath(chain, parsed, into: &assessment)
            await judgeIdentity(chain[0], parsed[0], into: &assessment)
        } else {
            let refused = chain.indices.filter { chain[$0].certificate == nil }
            let which = refused.map { "certificate \($0) (\(chain[$0].parts.key.text))" }.joined(separator: ", ")
            assessment.findings.append(AuditFinding(
                .unverifiable, "the chain cannot be verified: swift-certificates refuses \(which)",
                certificate: refused.first))
        }
        judgeValidity(chain, path: assessment.path, into: &assessment)
        judgeStrength(chain, into: &assessment)
        return assessment
    }

    /// Path building with time set apart; on failure, says why in the most useful words.
    private func judgePath(_ chain: [CertificateDetails], _ parsed: [Certificate], into assessment: inout ChainAssessment) async {
        var verifier = Verifier(rootCertificates: roots.store) {
            RFC5280Policy.withValidityCheckDisabled()
            ServerAuthenticationPolicy()  // the identity is judged on its own, below
        }
        let result = await verifier.validate(leaf: parsed[0], intermediates: CertificateStore(parsed.dropFirst()))
        switch result {
        case .validCertificate(let path):
            assessment.path = Array(path)
        case .couldNotValidate(let failures):
            if let failure = failures.first {
                assessment.findings.append(AuditFinding(.invalidChain, "the path to a trusted root breaks a rule: \(failure.policyFailureReason)"))
            } else if let (index, oid) = unknownCriticalExtension(parsed) {
                // The verifier gives no reason for these: it rejects every path that holds one.
                assessment.findings.append(AuditFinding(
                    .invalidChain, "certificate \(index) has a critical extension (\(oid)) that clients do not know, so they must reject it",
                    certificate: index))
            } else if chain[0].isSelfSigned {
                assessment.findings.append(AuditFinding(
                    .selfSigned, "the certificate is signed by its own key and is not among the trusted roots (\(roots.origin))", certificate: 0))
            } else {
                assessment.findings.append(missingIssuerFinding(chain))
            }
        }
    }

    /// The first certificate with a critical extension outside those RFC 5280 and the
    /// server-identity check handle, with its OID.
    private func unknownCriticalExtension(_ chain: [Certificate]) -> (Int, String)? {
        for (index, certificate) in chain.enumerated() {
            if let unknown = certificate.extensions.first(where: { $0.critical && !Self.knownExtensions.contains($0.oid) }) {
                return (index, unknown.oid.description)
            }
        }
        return nil
    }

    /// The critical extensions the path-building policies handle; any other rejects a path.
    static let knownExtensions = RFC5280Policy.withValidityCheckDisabled().verifyingCriticalExtensions
        + ServerAuthenticationPolicy().verifyingCriticalExtensions

    /// Follows the chain as sent from the leaf, issuer to subject, to where it stops.
    private func missingIssuerFinding(_ chain: [CertificateDetails]) -> AuditFinding {
        var tip = 0
        var used: Set<Int> = [0]
        while let next = chain.indices.first(where: { !used.contains($0) && issued(chain[$0], chain[tip]) }) {
            used.insert(next)
            tip = next
        }
        let top = chain[tip]
        if tip > 0 && top.isSelfSigned {
            return AuditFinding(.untrustedRoot, "the chain ends at \(top.subject), a root that is not trusted (\(roots.origin))", certificate: tip)
        }
        if tip == 0 {
            return AuditFinding(
                .incompleteChain,
                "the server did not send the intermediate certificate that issued its own (issuer \(top.issuer)), and no trusted root did", certificate: 0)
        }
        return AuditFinding(
            .unknownIssuer, "nothing sent or trusted issued \(top.subject): its issuer \(top.issuer) is unknown (\(roots.origin))", certificate: tip)
    }

    private func issued(_ issuer: CertificateDetails, _ subject: CertificateDetails) -> Bool {
        guard issuer.parts.subject == subject.parts.issuer, let parent = issuer.certificate, let child = subject.certificate else { return false }
        return parent.publicKey.isValidSignature(child.signature, for: child)
    }

    /// The server's own name check, on the leaf alone: the leaf stands in as the root, and its
    /// critical extensions are declared handled (path building judged them), so only the name is.
    private func judgeIdentity(_ details: CertificateDetails, _ leaf: Certificate, into assessment: inout ChainAssessment) async {
        var verifier = Verifier(rootCertificates: CertificateStore([leaf])) {
            CriticalExtensionsAccepted(verifyingCriticalExtensions: leaf.extensions.filter(\.critical).map(\.oid))
            ServerIdentityPolicy(serverHostname: identity.isIPAddress ? nil : identity.name,
                                 serverIP: identity.isIPAddress ? identity.name : nil)
        }
        if case .couldNotValidate = await verifier.validate(leaf: leaf, intermediates: CertificateStore()) {
            let names = details.parts.alternativeNames
            assessment.findings.append(AuditFinding(
                .hostnameMismatch,
                "the certificate is for \(names.isEmpty ? details.subject : names.joined(separator: ", ")), not \(identity.name)",
                certificate: 0))
        }
    }

    /// Expired and not-yet-valid certificates, and the warning for one close to expiry: on the
    /// trusted path, its root included (OpenSSL refuses an expired root too), or, when there is
    /// no path, on every certificate sent. A root that was not sent is named by its subject.
    private func judgeValidity(_ chain: [CertificateDetails], path: [Certificate], into assessment: inout ChainAssessment) {
        let dated = Self.datedCertificates(chain, path: path)
        assessment.earliestExpiry = dated.map(\.notAfter).min()
        for certificate in dated {
            let index = certificate.index
            let days = CertificateDetails.daysLeft(until: certificate.notAfter, at: now)
            let name = index.map { "certificate \($0) (\(certificate.subject))" } ?? "the trusted root \(certificate.subject)"
            if now > certificate.notAfter {
                assessment.findings.append(AuditFinding(
                    .expired, "\(name) expired on \(DayText.of(certificate.notAfter)), \(DayText.count(-days)) ago", certificate: index))
            } else if now < certificate.notBefore {
                assessment.findings.append(AuditFinding(
                    .notYetValid, "\(name) is not valid until \(DayText.of(certificate.notBefore))", certificate: index))
            } else if days < Self.expiryWarningDays {
                assessment.findings.append(AuditFinding(
                    .expiresSoon, "\(name) expires on \(DayText.of(certificate.notAfter)), in \(DayText.count(days))", certificate: index))
            }
        }
    }

    /// The certificates of the trusted path, or every one sent when there is no path.
    static func datedCertificates(_ chain: [CertificateDetails], path: [Certificate]) -> [DatedCertificate] {
        guard !path.isEmpty else {
            return chain.indices.map { index in
                let parts = chain[index].parts
                return DatedCertificate(index: index, subject: parts.subject.description, notBefore: parts.notBefore, notAfter: parts.notAfter)
            }
        }
        return path.map { certificate in
            DatedCertificate(index: chain.firstIndex { $0.certificate == certificate }, subject: certificate.subject.description,
                             notBefore: certificate.notValidBefore, notAfter: certificate.notValidAfter)
        }
    }

    /// Weak keys on every certificate sent; broken signature hashes on every one but a
    /// self-signed root, whose own signature no client relies on.
    private func judgeStrength(_ chain: [CertificateDetails], into assessment: inout ChainAssessment) {
        for (index, certificate) in chain.enumerated() {
            if let weakness = certificate.parts.key.weakness {
                assessment.findings.append(AuditFinding(.weakKey, "certificate \(index): \(weakness)", certificate: index))
            }
            if let weakness = certificate.signature.weakness, !(index > 0 && certificate.isSelfSigned) {
                assessment.findings.append(AuditFinding(.weakSignature, "certificate \(index) is \(weakness)", certificate: index))
            }
        }
    }
}

/// What a TLS server's chain needs beyond RFC 5280, as OpenSSL's "SSL server" purpose has it:
/// every certificate below the root that limits its extended key usage allows server
/// authentication. Subject alternative names are declared handled here (a leaf may mark them
/// critical) and judged apart, and the policy extensions are accepted without enforcing
/// policies, as OpenSSL and browsers do by default.
struct ServerAuthenticationPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage, .X509ExtensionID.keyUsage,
        [2, 5, 29, 32], [2, 5, 29, 36], [2, 5, 29, 54],  // certificate policies, policy constraints, inhibit anyPolicy
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        for (index, certificate) in chain.dropLast().enumerated() {
            guard let usage = try? certificate.extensions.extendedKeyUsage else {
                if certificate.extensions[oid: .X509ExtensionID.extendedKeyUsage] != nil {
                    return .failsToMeetPolicy(reason: "certificate \(index) has an unreadable extended key usage")
                }
                continue
            }
            if !usage.contains(.serverAuth) && !usage.contains(.any) {
                return .failsToMeetPolicy(reason: "certificate \(index) may not be used for a TLS server: its extended key usage does not allow server authentication")
            }
        }
        return .meetsPolicy
    }
}

/// Declares the given critical extensions handled, so that `ServerIdentityPolicy` can judge a
/// leaf on its own.
private struct CriticalExtensionsAccepted: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult { .meetsPolicy }
}
