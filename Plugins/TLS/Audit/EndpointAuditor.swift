import FoundationEssentials
import NIOSSL
import X509

/// Audits one endpoint: handshake (recording what it saw even when it fails), the protocol and
/// cipher suite, the chain judged by `ChainJudge`, the pins, whether TLS 1.0 or 1.1 is still
/// accepted, and the site's security headers.
struct EndpointAuditor: Sendable {
    let settings: AuditSettings

    func audit(_ endpoint: Endpoint) async -> EndpointAudit {
        let address = settings.connectTo ?? endpoint
        let name = settings.serverName ?? endpoint.host
        let isIP = Endpoint.isIPAddress(name)
        let plan = ConnectionPlan(host: address.host, port: address.port, serverName: isIP ? nil : name, timeout: settings.timeout)
        var audit = EndpointAudit(
            endpoint: endpoint, address: address, serverName: plan.serverName,
            identity: ServerIdentity(name: name, isIPAddress: isIP), rootsOrigin: settings.roots.origin)
        let connection: TLSConnection?
        let record: HandshakeRecord
        do {
            let opened = try await TLSConnection.open(plan)
            (connection, record) = (opened, opened.record)
        } catch {
            (connection, record) = (nil, error.record)
            audit.failure = error.reason
        }
        judgeHandshake(record, into: &audit)
        await judgeChain(record, into: &audit)
        if let connection {
            // Headers first, over the audited connection, before it can sit idle through the probe.
            if settings.fetchHeaders {
                audit.headers = await HeaderFetch(endpoint: endpoint, plan: plan).run(first: connection)
            } else {
                await connection.close()
            }
            if let version = audit.protocolVersion, !version.isObsolete {
                await probeLegacy(plan, into: &audit)
            }
        }
        return audit
    }

    /// The protocol and cipher suite, from BoringSSL or, when the handshake failed, from the
    /// ServerHello or alert the server sent.
    private func judgeHandshake(_ record: HandshakeRecord, into audit: inout EndpointAudit) {
        audit.protocolVersion = record.version
        audit.cipherSuite = record.serverHello?.cipherSuite
        if let version = record.version, version.isObsolete {
            let verb = audit.failure == nil ? "negotiated" : "insisted on"
            audit.findings.append(AuditFinding(
                .oldProtocol, "the server \(verb) \(version.name); versions before TLS 1.2 are obsolete (RFC 8996) and open to known attacks"))
        } else if record.version == nil, record.serverHello?.alert == 70 {
            audit.findings.append(AuditFinding(
                .oldProtocol, "the server refused every version from TLS 1.0 to 1.3 (protocol_version alert): it only speaks an older one"))
        }
        if let weakness = audit.cipherSuite?.weakness, let suite = audit.cipherSuite {
            audit.findings.append(AuditFinding(.weakCipher, "the server chose \(suite.name), which \(weakness)"))
        }
    }

    private func judgeChain(_ record: HandshakeRecord, into audit: inout EndpointAudit) async {
        guard audit.failure == nil || !record.chain.isEmpty else { return }
        var details: [CertificateDetails] = []
        for (index, sent) in record.chain.enumerated() {
            do {
                details.append(try CertificateDetails(sent))
            } catch {
                audit.findings.append(AuditFinding(.unverifiable, "certificate \(index) is not a well-formed X.509 certificate", certificate: index))
                return
            }
        }
        audit.certificates = details
        let judge = ChainJudge(roots: settings.roots, identity: audit.identity, now: settings.now)
        let assessment = await judge.assess(details)
        audit.path = assessment.path.map { $0.subject.description }
        // All or nothing: a pin missing in the middle would move the others to the wrong place.
        let pathPins = assessment.path.map { CertificateDetails.pin(of: $0) }
        audit.pathPins = pathPins.contains(nil) ? [] : pathPins.compactMap { $0 }
        audit.earliestExpiry = assessment.earliestExpiry
        audit.findings.append(contentsOf: assessment.findings)
        checkPins(into: &audit)
    }

    /// The leaf, or a certificate on the verified path, must have one of the `--pin`s that apply
    /// to the endpoint's host, if any do.
    private func checkPins(into audit: inout EndpointAudit) {
        let pins = settings.pins.pins(for: audit.endpoint.host)
        guard !pins.isEmpty, !audit.hasCertificate(pinnedBy: pins) else { return }
        let leaf = audit.leafPin.map { "; the leaf's pin is \($0)" } ?? ""
        audit.findings.append(AuditFinding(.pinMismatch, "neither the leaf nor a certificate on the verified path matches a pin given\(leaf)"))
    }

    /// A second handshake offering nothing newer than TLS 1.1: when it succeeds, old clients
    /// (and an attacker who can make a client fall back) still get an obsolete protocol.
    private func probeLegacy(_ plan: ConnectionPlan, into audit: inout EndpointAudit) async {
        var legacy = plan
        legacy.maximumVersion = .tlsv11
        guard let connection = try? await TLSConnection.open(legacy) else { return }
        await connection.close()
        let version = connection.record.version?.name ?? "TLS 1.1 or older"
        audit.findings.append(AuditFinding(
            .legacyProtocolAccepted, "the server still accepts \(version) from a client that offers nothing newer"))
    }
}
