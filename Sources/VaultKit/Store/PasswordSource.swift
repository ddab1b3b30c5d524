#if canImport(Glibc)
import Glibc
#endif

/// Where the master password comes from: a person at the terminal, or a file for scripts.
public protocol PasswordSource {
    /// Reads the master password; with `confirm`, a person is asked to type it twice.
    func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes
}

/// The master password as the first line of a file (`--password-file`, `VAULT_PASSWORD_FILE`).
public struct PasswordFile: PasswordSource {
    public let path: String
    /// Told when the file can be read by other users, which defeats its purpose.
    public var warn: (String) -> Void

    public init(path: String, warn: @escaping (String) -> Void) {
        self.path = path
        self.warn = warn
    }

    public func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes {
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o077 != 0 {
            warn("\(path) can be read by other users; chmod 600 it")
        }
        let password = try SecretReader.firstLine(ofFile: path)
        guard password.count > 0 else { throw InputError.emptySecret("the master password in \(path)") }
        return password
    }
}

/// No master password at all, for commands that must never ask (`status`, shell completion):
/// the vault opens only with a cached key, and is `InputError.locked` otherwise.
public struct NoPasswordSource: PasswordSource {
    public init() {}

    public func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes { throw InputError.locked }
}
