import VaultCore
import VaultSystem

/// The entries an audit covers, and the whole vault for what an auditor needs to look up (the
/// entry holding an API key, which the config's ignore list may leave out of the audit).
public struct AuditedVault: Sendable {
    /// The entries audited, in name order (those without a password included).
    public let entries: [Entry]
    /// Every entry of the vault, in name order.
    public let allEntries: [Entry]

    public init(entries: [Entry], allEntries: [Entry]) {
        self.entries = entries
        self.allEntries = allEntries
    }

    /// The entry called `name`, audited or not.
    public func entry(named name: String) -> Entry? {
        allEntries.first { $0.name == name }
    }
}
