import VaultCore
#if canImport(Glibc)
import Glibc
#endif

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
