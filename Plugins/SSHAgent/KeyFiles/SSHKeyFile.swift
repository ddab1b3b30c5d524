import VaultCore

/// The private key of an SSH key entry (its "private key" field, the text of a key file) and its
/// passphrase (the entry's password): opened for signing, or read for its public key. The text
/// and the passphrase are taken in memory wiped on release, as the agent reads them from the
/// vault, and the key file's Base64 is decoded into such memory too.
public enum SSHKeyFile {
    /// A key opened from its file.
    public struct Opened {
        public let key: SSHPrivateKey
        /// The comment OpenSSH's format keeps with the key (empty for PEM keys).
        public let comment: String
    }

    /// Opens the key in `text` with `passphrase` (needed only when it is encrypted).
    public static func open(_ text: SecureBytes, passphrase: SecureBytes?) throws(SSHKeyFileError) -> Opened {
        let armor = try armor(of: text)
        if armor.label == OpenSSHKeyFile.label {
            let opened = try OpenSSHKeyFile(body: armor.body).open(passphrase: passphrase)
            return Opened(key: opened.key, comment: opened.comment)
        }
        return Opened(key: try SSHKeyFileError.mapping { try PEMKeyFile.open(armor, passphrase: passphrase) }, comment: "")
    }

    /// The public key of the key in `text` when it takes no passphrase to tell: an OpenSSH key
    /// file keeps it in clear, and a PEM key that is not encrypted is opened (and dropped); nil
    /// for an encrypted PEM key, which holds its public key only inside the encrypted private one.
    public static func publicKeyWithoutPassphrase(of text: SecureBytes) throws(SSHKeyFileError) -> SSHPublicKeyBlob? {
        let armor = try armor(of: text)
        if armor.label == OpenSSHKeyFile.label { return try OpenSSHKeyFile(body: armor.body).publicKey }
        guard !armor.isEncrypted else { return nil }
        return try SSHKeyFileError.mapping { try PEMKeyFile.open(armor, passphrase: nil) }.publicKey
    }

    /// The public key line `ssh-keygen -y` prints for the key in `text`: with the comment of an
    /// OpenSSH key file. An encrypted OpenSSH key file without a passphrase gives its public
    /// key, which it keeps in clear, without the comment, which it keeps encrypted.
    public static func publicKeyLine(of text: String, passphrase: String?) throws(SSHKeyFileError) -> String {
        let bytes = try secureBytes(text)
        if passphrase?.isEmpty ?? true, let armor = try? armor(of: bytes), armor.label == OpenSSHKeyFile.label {
            let file = try OpenSSHKeyFile(body: armor.body)
            if file.isEncrypted { return file.publicKey.line() }
        }
        let opened = try open(bytes, passphrase: passphrase.map(secureBytes))
        return opened.key.publicKey.line(comment: opened.comment)
    }

    private static func armor(of text: SecureBytes) throws(SSHKeyFileError) -> PEMArmor {
        guard let armor = text.withUnsafeBytes(PEMArmor.init) else { throw .notAKey }
        return armor
    }

    private static func secureBytes(_ text: String) throws(SSHKeyFileError) -> SecureBytes {
        var bytes = Array(text.utf8)
        return try SSHKeyFileError.mapping { try SecureBytes(consuming: &bytes) }
    }
}
