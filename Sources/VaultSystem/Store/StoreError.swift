import VaultCore
/// File-level failures of the vault store.
public enum StoreError: VaultFailure, Equatable {
    case vaultMissing(path: String)
    case vaultExists(path: String)
    case fileMissing(path: String)
    case fileExists(path: String)
    case io(path: String, operation: String, errno: Int32)
    case tooLarge(path: String)
    /// The file got shorter while it was read: something other than vault rewrote it in place.
    case changedWhileRead(path: String)
    /// The file is in place, but the folder could not be flushed, so a crash may still undo it.
    case notFlushed(path: String, errno: Int32)
    /// The lock stayed busy longer than the caller would wait.
    case lockBusy(path: String)
    /// The lock's path is a symbolic link or anything but a regular file (planted, perhaps by a
    /// git remote): vault neither follows it nor creates a file through it.
    case lockNotAFile(path: String)
    /// The device id file holds something else than an id.
    case corruptDeviceID(path: String)

    public var message: String {
        switch self {
        case .vaultMissing(let path):
            return "no vault at \(path); create one with `vault init` (or point --vault / VAULT_PATH at yours)"
        case .vaultExists(let path):
            return "a vault already exists at \(path)"
        case .fileMissing(let path):
            return "\(path) does not exist"
        case .fileExists(let path):
            return "\(path) already exists (use --force to overwrite it)"
        case .io(let path, let operation, let code):
            return "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case .tooLarge(let path):
            return "\(path) is too large to be a vault"
        case .changedWhileRead(let path):
            return "\(path) was cut short while it was read (another program is rewriting it); run the command again"
        case .lockBusy(let path):
            return "\(path) stayed locked by another vault command"
        case .lockNotAFile(let path):
            return "the lock file \(path) is a symbolic link or not a regular file; vault does not follow it (remove it, and it is made anew)"
        case .corruptDeviceID(let path):
            return "\(path) does not hold a device id (16 hex digits); remove it and vault makes a new one"
        case .notFlushed(let path, let code):
            return "\(path) was written, but could not be flushed to disk (\(String(cString: strerror(code)))); a crash now could undo it"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .vaultMissing, .fileMissing: return .notFound
        case .vaultExists, .fileExists: return .alreadyExists
        case .io, .tooLarge, .changedWhileRead, .notFlushed, .lockBusy, .lockNotAFile, .corruptDeviceID: return .failure
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
