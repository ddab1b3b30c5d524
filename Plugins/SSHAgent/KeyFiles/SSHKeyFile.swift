import VaultCore

/// The private key of an SSH key entry (its "private key" field, the text of a key file) and its
/// passphrase (the entry's password): opened for signing, or read for its public key.
public enum SSHKeyFile {
    /// A key opened from its file.
    public struct Opened {
        public let key: SSHPrivateKey
        /// The comment OpenSSH's format keeps with the key (empty for PEM keys).
        public let comment: String
    }

    /// Opens the key in `text` with `passphrase` (needed only when it is encrypted).
    public static func open(_ text: String, passphrase: String?) throws(SSHKeyFileError) -> Opened {
        guard let armor = PEMArmor(text) else { throw .notAKey }
        let secret = try SSHKeyFileError.mapping { try passphrase.map(secureBytes) }
        if armor.label == OpenSSHKeyFile.label {
            let opened = try OpenSSHKeyFile(body: armor.body).open(passphrase: secret)
            return Opened(key: opened.key, comment: opened.comment)
        }
        return Opened(key: try SSHKeyFileError.mapping { try PEMKeyFile.open(armor, passphrase: secret) }, comment: "")
    }

    /// The public key line `ssh-keygen -y` prints for the key in `text`: with the comment of an
    /// OpenSSH key file. An encrypted OpenSSH key file without a passphrase gives its public
    /// key, which it keeps in clear, without the comment, which it keeps encrypted.
    public static func publicKeyLine(of text: String, passphrase: String?) throws(SSHKeyFileError) -> String {
        if passphrase?.isEmpty ?? true, let armor = PEMArmor(text), armor.label == OpenSSHKeyFile.label {
            let file = try OpenSSHKeyFile(body: armor.body)
            if file.isEncrypted { return file.publicKey.line() }
        }
        let opened = try open(text, passphrase: passphrase)
        return opened.key.publicKey.line(comment: opened.comment)
    }

    /// The public key of the key in `text`: an OpenSSH key file's, kept in clear, without its
    /// passphrase; a PEM key's by opening it (with `passphrase` when it is encrypted).
    public static func publicKey(of text: String, passphrase: String?) throws(SSHKeyFileError) -> SSHPublicKeyBlob {
        if let known = try publicKeyWithoutPassphrase(of: text) { return known }
        return try open(text, passphrase: passphrase).key.publicKey
    }

    /// The public key of the key in `text` when it takes no passphrase to tell: an OpenSSH key
    /// file keeps it in clear, and a PEM key that is not encrypted is opened; nil for an
    /// encrypted PEM key, which holds its public key only inside the encrypted private one.
    public static func publicKeyWithoutPassphrase(of text: String) throws(SSHKeyFileError) -> SSHPublicKeyBlob? {
        guard let armor = PEMArmor(text) else { throw .notAKey }
        if armor.label == OpenSSHKeyFile.label { return try OpenSSHKeyFile(body: armor.body).publicKey }
        guard !armor.isEncrypted else { return nil }
        return try open(text, passphrase: nil).key.publicKey
    }

    private static func secureBytes(_ text: String) throws -> SecureBytes {
        var bytes = Array(text.utf8)
        return try SecureBytes(consuming: &bytes)
    }
}
