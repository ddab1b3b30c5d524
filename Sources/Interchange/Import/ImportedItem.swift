import VaultCore
import VaultSystem

/// One record of another manager's file as an entry, before its name is made valid and unique.
public struct ImportedItem: Sendable {
    /// The entry; its `name` is what the source called it, which may not be a valid name yet.
    public var entry: Entry
    /// How messages name the record: "item 4 ('GitHub')", "line 12".
    public var record: String
    /// The files to attach to the entry, with their contents.
    public var files: [ExportedFile]

    public init(entry: Entry, record: String, files: [ExportedFile] = []) {
        self.entry = entry
        self.record = record
        self.files = files
    }
}
