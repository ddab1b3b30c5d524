/// Mistakes about entries: names that cannot be used, entries that are or are not there.
public enum EntryError: VaultFailure, Equatable {
    case invalidName(String, String)
    case notFound(String)
    case alreadyExists(String)
    case noSuchField(entry: String, field: String)
    case invalidField(String)

    public var message: String {
        switch self {
        case .invalidName(let name, let why):
            return "'\(name)' is not a valid entry name: \(why)"
        case .notFound(let name):
            return "no entry named '\(name)' (see `vault list`)"
        case .alreadyExists(let name):
            return "an entry named '\(name)' already exists (use --force to replace it, or `vault edit`)"
        case .noSuchField(let entry, let field):
            return "entry '\(entry)' has no field '\(field)'"
        case .invalidField(let why):
            return why
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .noSuchField: return .notFound
        case .alreadyExists: return .alreadyExists
        case .invalidName, .invalidField: return .usage
        }
    }
}
