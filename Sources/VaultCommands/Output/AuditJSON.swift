import VaultCLI
import VaultCore
import VaultSystem

/// `vault audit --json`: one document, described in docs/audit.md. Members keep their order
/// and meaning within a `version`; a change of either bumps it.
struct AuditJSON {
    static let version = 1

    let report: AuditReport

    func write(into json: inout JSONWriter) {
        json.object { json in
            json.field("format", "vault-audit")
            json.field("version", Self.version)
            json.field("generated", DayText.timestamp(report.generated))
            json.key("entries")
            json.object { json in
                json.field("audited", report.audited)
                json.field("with_password", report.withPassword)
                json.field("ignored", report.ignored)
            }
            json.key("checks")
            json.array(report.checks) { json, check in
                json.object { json in
                    json.field("kind", check.kind.id)
                    json.field("severity", check.kind.severity.rawValue)
                    json.field("title", check.kind.title)
                    switch check.coverage {
                    case .checked:
                        json.field("checked", true)
                        json.field("entries", check.entries)
                    case .skipped(let reason):
                        json.field("checked", false)
                        json.field("reason", reason)
                    }
                }
            }
            json.key("scores")
            json.array(Array(report.scoreCounts.enumerated())) { json, item in
                json.object { json in
                    json.field("score", item.offset)
                    json.field("entries", item.element)
                }
            }
            json.key("findings")
            json.array(report.findings) { json, finding in
                json.object { json in
                    json.field("entry", finding.entry)
                    json.field("kind", finding.kind.id)
                    json.field("severity", finding.kind.severity.rawValue)
                    json.field("message", finding.message)
                    json.key("details")
                    Self.write(.object(finding.details), into: &json)
                }
            }
            json.key("failed_passwords")
            json.array(report.failedPasswords) { json, event in
                json.object { json in
                    json.field("time", DayText.timestamp(event.date))
                    json.field("command", event.command)
                    json.field("device", event.device)
                }
            }
        }
        json.newline()
    }

    /// A detail value, objects with their members in name order.
    private static func write(_ value: AuditValue, into json: inout JSONWriter) {
        switch value {
        case .text(let text): json.value(text)
        case .integer(let number): json.value(number)
        case .boolean(let flag): json.value(flag)
        case .list(let items): json.array(items) { json, item in write(item, into: &json) }
        case .object(let members):
            json.object { json in
                for name in members.keys.sorted() {
                    json.key(named: name)
                    write(members[name]!, into: &json)
                }
            }
        }
    }
}
