/// A decrypted vault: its header, its keys and its entries.
public struct OpenVault {
    public let envelope: Envelope
    package let keys: VaultKeys
    public let entries: EntryTable

    package init(envelope: Envelope, keys: VaultKeys, entries: EntryTable) {
        self.envelope = envelope
        self.keys = keys
        self.entries = entries
    }
}
