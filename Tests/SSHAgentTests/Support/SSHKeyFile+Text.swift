import VaultCore
@testable import SSHAgent

extension SSHKeyFile {
    /// Opens the key in the string `text` with the string `passphrase`, as the tests have them.
    static func open(_ text: String, passphrase: String?) throws(SSHKeyFileError) -> Opened {
        func secure(_ text: String) throws(SSHKeyFileError) -> SecureBytes {
            var bytes = Array(text.utf8)
            do { return try SecureBytes(consuming: &bytes) } catch { throw .notAKey }
        }
        return try open(secure(text), passphrase: passphrase.map(secure))
    }
}
