/// What git's credential protocol can fail at in vault: a request that does not follow the
/// protocol, a stored value it cannot carry, and a login `store` will not replace. Messages
/// name lines by number and entries by name; they never quote a value, which may be a password.
public enum GitCredentialError: VaultFailure, Equatable {
    /// A line of the request is not `key=value`.
    case notKeyValue(line: Int)
    case nulByte(line: Int)
    case notUTF8(line: Int, key: String)
    case badExpiry(line: Int)
    case tooManyLines(limit: Int)
    /// The entry's `part` holds a line break or a NUL.
    case unsendable(entry: String, part: String)
    /// `store` would have replaced another user's login and found no name of its own to use.
    case otherUsersLogin(entry: String)

    public var message: String {
        switch self {
        case .notKeyValue(let line):
            return "git credential request: line \(line) is not key=value"
        case .nulByte(let line):
            return "git credential request: line \(line) holds a NUL byte"
        case .notUTF8(let line, let key):
            return "git credential request: the \(key) on line \(line) is not UTF-8"
        case .badExpiry(let line):
            return "git credential request: password_expiry_utc on line \(line) is not a number of seconds"
        case .tooManyLines(let limit):
            return "git credential request: more than \(limit) lines before the blank line"
        case .unsendable(let entry, let part):
            return "the \(part) of \(entry) holds a line break or a NUL, which git's credential protocol cannot carry"
        case .otherUsersLogin(let entry):
            return "\(entry) holds another user's login and this username cannot name an entry of its own; nothing was stored"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notKeyValue, .nulByte, .notUTF8, .badExpiry, .tooManyLines: .usage
        case .unsendable, .otherUsersLogin: .failure
        }
    }
}
