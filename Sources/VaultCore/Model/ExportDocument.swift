import FoundationEssentials

/// The plaintext backup that `vault export` writes and `vault import` reads: a versioned JSON
/// document with every entry, secrets included. See docs/format.md.
public struct ExportDocument: Codable, Equatable {
    public static let formatName = "vault-export"
    /// Version 4 carries attachments with their contents; version 3 gave each entry its `id`;
    /// version 2 added types and one-time passwords.
    public static let currentVersion = 4

    public var format: String
    public var version: Int
    /// When the export was written; optional when reading, since it does not affect the entries.
    public var exported: Date?
    public var entries: [ExportedEntry]

    public init(entries: [ExportedEntry], exported: Date) {
        format = Self.formatName
        version = Self.currentVersion
        self.exported = exported
        self.entries = entries
    }

    /// The document as written to disk: `EntryJSON.document`, each entry's attachments as
    /// files with their contents.
    public func encoded() throws -> Data {
        try EntryJSON.document(self, userInfo: [ExportedEntry.filesElsewhereKey: true])
    }
}

/// Why a backup could not be imported. Nothing is imported when any of these occurs.
public enum ImportError: VaultFailure, Equatable {
    case notJSON(String)
    case invalidDocument(String)
    case wrongFormat(String)
    case missingVersion
    case newerVersion(Int)
    case invalidEntry(index: Int, name: String?, why: String)
    case duplicate(String)
    case conflicts([String])

    public var message: String {
        switch self {
        case .notJSON(let why):
            return "the file is not valid JSON: \(why)"
        case .invalidDocument(let why):
            return "the file is not a valid vault export: \(why); nothing was imported"
        case .missingVersion:
            return "the export has no valid \"version\" (a whole number from 1); nothing was imported"
        case .wrongFormat(let format):
            return "the file is not a vault export (format is '\(format)', expected '\(ExportDocument.formatName)')"
        case .newerVersion(let version):
            return "the export is version \(version), newer than this vault reads (\(ExportDocument.currentVersion)); upgrade vault"
        case .invalidEntry(let index, let name, let why):
            let which = name.map { " ('\($0)')" } ?? ""
            return "entry \(index + 1)\(which) is invalid: \(why); nothing was imported"
        case .duplicate(let name):
            return "the file has two entries named '\(name)'; nothing was imported"
        case .conflicts(let names):
            let shown = names.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let more = names.count > 5 ? " and \(names.count - 5) more" : ""
            return "\(names.count) entr\(names.count == 1 ? "y" : "ies") already exist (\(shown)\(more)); choose --on-conflict skip, overwrite or rename; nothing was imported"
        }
    }

    public var exitStatus: ExitStatus {
        if case .conflicts = self { return .alreadyExists }
        return .failure
    }
}
