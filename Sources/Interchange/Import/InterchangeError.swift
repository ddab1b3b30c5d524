import VaultCore
import VaultSystem

/// Why another manager's file could not be imported, or the vault exported to one. Every case
/// means nothing was written. Messages name records, fields and formats, never a value.
public enum InterchangeError: VaultFailure, Equatable {
    /// A record that cannot be taken as it is: which one, which field, and why.
    case badRecord(record: String, field: String, reason: String)
    /// The file is not what its format says: a CSV without the columns, JSON of another shape.
    case notTheFormat(ImportFormat, reason: String)
    /// A CSV file that breaks RFC 4180 (an undoubled quote, say): where, and how.
    case malformedCSV(ImportFormat, CSVError)
    /// There is nothing in the file.
    case empty
    /// `--format` was left out and the content matches no known format.
    case unknownFormat(candidates: [ImportFormat])
    /// `--format` was left out and the content matches several formats.
    case ambiguous([ImportFormat])
    /// A folder was given with a format that reads files.
    case folderGiven(String, ImportFormat)
    /// An export that is itself encrypted (Bitwarden's password-protected JSON, say).
    case encrypted(ImportFormat)
    /// A helper program (gpg) failed or is missing, or a library (libxml2) is.
    case helperFailed(String)
    /// An entry cannot be written in a format that has no room for it.
    case cannotExport(entry: String, reason: String)

    public var message: String {
        switch self {
        case .badRecord(let record, let field, let reason):
            return "\(record), field \(field): \(reason); nothing was imported"
        case .notTheFormat(let format, let reason):
            return "the file is not a \(format.rawValue) export: \(reason); nothing was imported"
        case .malformedCSV(let format, let error):
            return "the \(format.rawValue) file is not valid CSV at line \(error.line), column \(error.column): \(error.reason); "
                + "export it again, or correct it there; nothing was imported"
        case .empty:
            return "the file is empty; nothing was imported"
        case .unknownFormat(let candidates):
            let names = candidates.map(\.rawValue).joined(separator: ", ")
            return "cannot tell what the file is; give --format (one of \(names)); nothing was imported"
        case .ambiguous(let formats):
            let names = formats.map(\.rawValue).joined(separator: " or ")
            return "the file could be \(names); give --format; nothing was imported"
        case .folderGiven(let path, let format):
            return "\(path) is a folder, which only --format pass reads (a password store), not \(format.rawValue); nothing was imported"
        case .encrypted(let format):
            return "the \(format.rawValue) export is encrypted; export it again unencrypted (and delete it after the import); nothing was imported"
        case .helperFailed(let why):
            return "\(why); nothing was imported"
        case .cannotExport(let entry, let reason):
            return "entry '\(entry)' cannot be exported: \(reason); nothing was written"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .ambiguous, .folderGiven: return .usage
        case .helperFailed: return .unavailable
        default: return .failure
        }
    }
}
