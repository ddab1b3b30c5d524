import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// An endpoint's audit as one JSON object on one line; docs/tls.md documents every member, and
/// members are only ever added.
struct AuditJSON {
    let audit: EndpointAudit
    /// The entries that hold this endpoint's URL, for `--entry` and `--all`.
    let entries: [String]?
    let now: Date

    func write(into json: inout JSONWriter) {
        json.object { json in
            json.field("target", audit.endpoint.text)
            json.field("host", audit.endpoint.host)
            json.field("port", audit.endpoint.port)
            json.field("connected_to", audit.address.text)
            json.field("server_name", audit.serverName)
            if let entries {
                json.key("entries")
                json.array(entries) { $0.value($1) }
            }
            json.field("verdict", audit.verdict.rawValue)
            json.field("error", audit.failure?.message)
            json.field("protocol", audit.protocolVersion?.name)
            json.field("cipher_suite", audit.cipherSuite?.name)
            json.key("findings")
            json.array(audit.findings) { json, finding in
                json.object { json in
                    json.field("id", finding.kind.rawValue)
                    json.field("severity", finding.severity)
                    json.field("detail", finding.detail)
                    json.key("certificate")
                    if let index = finding.certificate { json.value(index) } else { json.value(nil as String?) }
                }
            }
            json.key("certificates")
            json.array(audit.certificates) { json, certificate in write(certificate, into: &json) }
            json.key("trusted_path")
            json.array(audit.path) { $0.value($1) }
            json.field("trust_roots", audit.rootsOrigin)
            json.key("headers")
            if let headers = audit.headers { write(headers, into: &json) } else { json.value(nil as String?) }
        }
        json.newline()
    }

    private func write(_ certificate: CertificateDetails, into json: inout JSONWriter) {
        let parts = certificate.parts
        json.object { json in
            json.field("subject", certificate.subject)
            json.field("issuer", certificate.issuer)
            json.key("names")
            json.array(parts.alternativeNames) { $0.value($1) }
            json.field("not_before", DayText.timestamp(parts.notBefore))
            json.field("not_after", DayText.timestamp(parts.notAfter))
            json.field("days_left", certificate.daysLeft(at: now))
            json.field("key_type", parts.key.kind.rawValue)
            json.key("key_bits")
            if let bits = parts.key.bits { json.value(bits) } else { json.value(nil as String?) }
            json.field("key_curve", parts.key.curve)
            json.field("signature_algorithm", certificate.signature.name)
            json.field("pin", certificate.pin)
            json.field("self_signed", certificate.isSelfSigned)
        }
    }

    private func write(_ headers: HeaderReport, into json: inout JSONWriter) {
        json.object { json in
            json.key("requests")
            json.array(headers.steps) { json, step in
                json.object { json in
                    json.field("path", step.path)
                    json.field("status", step.status)
                }
            }
            json.field("note", headers.note)
            json.key("grades")
            json.array(headers.grades) { json, grade in
                json.object { json in
                    json.field("header", grade.header)
                    json.field("status", grade.status.rawValue)
                    json.field("value", grade.value)
                    json.key("notes")
                    json.array(grade.notes) { $0.value($1) }
                }
            }
        }
    }
}
