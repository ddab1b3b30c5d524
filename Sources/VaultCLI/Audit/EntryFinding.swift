/// One thing an audit found about one entry. The message and the details never hold a
/// secret: the audit's output may be shared or kept.
public struct EntryFinding: Equatable, Sendable {
    public let kind: AuditKind
    /// The entry's name.
    public let entry: String
    /// One sentence for a person, without the entry's name (the report shows it).
    public let message: String
    /// Machine-readable facts for `--json`, per kind as docs/audit.md lists them.
    public let details: [String: AuditValue]

    public init(_ kind: AuditKind, entry: String, message: String, details: [String: AuditValue] = [:]) {
        self.kind = kind
        self.entry = entry
        self.message = message
        self.details = details
    }
}

/// A value in a finding's details: JSON's kinds, without null.
public indirect enum AuditValue: Equatable, Sendable {
    case text(String)
    case integer(Int)
    case boolean(Bool)
    case list([AuditValue])
    case object([String: AuditValue])

    /// A list of texts.
    public static func texts(_ items: [String]) -> AuditValue { .list(items.map(AuditValue.text)) }
}
