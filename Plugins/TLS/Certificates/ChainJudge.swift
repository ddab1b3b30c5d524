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
            ServerCertificateExtensions()  // the identity is judged on its own, below
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

    static let knownExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.extendedKeyUsage,
        .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.nameConstraints,
        [2, 5, 29, 32], [2, 5, 29, 36], [2, 5, 29, 54],  // certificate policies, policy constraints, inhibit anyPolicy
    ]

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

    /// The server's own name check, on the leaf alone: the leaf stands in as the root, and the
    /// extensions a leaf marks critical are declared handled, so only the name is judged.
    private func judgeIdentity(_ details: CertificateDetails, _ leaf: Certificate, into assessment: inout ChainAssessment) async {
        var verifier = Verifier(rootCertificates: CertificateStore([leaf])) {
            LeafExtensionsAccepted()
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
    /// trusted path without its root (the trust store vouches for that), or, when there is no
    /// path, on every certificate sent.
    private func judgeValidity(_ chain: [CertificateDetails], path: [Certificate], into assessment: inout ChainAssessment) {
        // The anchor's own dates are the trust store's business, unless the leaf is the anchor.
        let vouched = path.count == 1 ? path[...] : path.dropLast()
        let checked = path.isEmpty ? Array(chain.indices)
            : chain.indices.filter { index in vouched.contains { $0 == chain[index].certificate } }
        for index in checked {
            let parts = chain[index].parts
            let days = chain[index].daysLeft(at: now)
            let name = "certificate \(index) (\(parts.subject))"
            if now > parts.notAfter {
                assessment.findings.append(AuditFinding(
                    .expired, "\(name) expired on \(DayText.of(parts.notAfter)), \(DayText.count(-days)) ago", certificate: index))
            } else if now < parts.notBefore {
                assessment.findings.append(AuditFinding(
                    .notYetValid, "\(name) is not valid until \(DayText.of(parts.notBefore))", certificate: index))
            } else if days < Self.expiryWarningDays {
                assessment.findings.append(AuditFinding(
                    .expiresSoon, "\(name) expires on \(DayText.of(parts.notAfter)), in \(DayText.count(days))", certificate: index))
            }
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

/// Declares the server-identity extensions handled during path building (a leaf may mark its
/// subject alternative names or extended key usage critical); the identity is judged apart.
private struct ServerCertificateExtensions: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage, .X509ExtensionID.keyUsage,
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult { .meetsPolicy }
}

/// A policy that only declares the extensions a leaf usually marks critical as handled, so that
/// `ServerIdentityPolicy` can judge a leaf on its own.
private struct LeafExtensionsAccepted: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.extendedKeyUsage,
        .X509ExtensionID.nameConstraints,
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult { .meetsPolicy }
}
