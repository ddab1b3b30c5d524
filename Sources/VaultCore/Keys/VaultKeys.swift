/// The two keys of an open vault: the key-encryption key derived from the master password
/// (what the keyring caches) and the data key it unwraps (what encrypts the entries). A write
/// needs both: the data key to seal the payload, the key-encryption key to wrap a data key
/// again when a file is upgraded or rotated.
public struct VaultKeys {
    public let keyEncryptionKey: SecureBytes
    public let dataKey: SecureBytes

    public init(keyEncryptionKey: SecureBytes, dataKey: SecureBytes) {
        self.keyEncryptionKey = keyEncryptionKey
        self.dataKey = dataKey
    }
}
