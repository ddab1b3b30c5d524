import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The vault file and everything done to it: create, read, and read-modify-write under the
/// exclusive lock with an atomic replace. Readers take no lock: a rename is atomic, so they
/// always see a whole vault.
public final class VaultStore {
    /// The vault file (symbolic links resolved, so a write replaces the target, not the link).
    public let path: String
    /// Called once when a write has waited a second for another process's lock.
    public var onLockWait: () -> Void = {}

    public init(path: String) {
        if let resolved = realpath(path, nil) {
            self.path = String(cString: resolved)
            free(resolved)
        } else {
            self.path = path
        }
    }

    var lockPath: String { path + ".lock" }

    /// The label under which a cached key is shown in a keyring.
    public var keyLabel: String { "vault key for \(path)" }

    /// Creates a new, empty vault; fails if one exists already.
    public func create(password: SecureBytes, kdf: KDFParameters, cipher: Cipher, unlocker: Unlocker? = nil) throws {
        try kdf.validate()
        try cipher.ensureAvailable()
        let salt = try Sodium.randomBytes(Argon2id.saltLength)
        let key = try Argon2id.deriveKey(password: password, salt: salt, parameters: kdf)
        let id = UUID().uuidString.lowercased()
        let (envelope, _) = try Envelope.create(id: id, cipher: cipher, kdf: kdf, keyEncryptionKey: key, salt: salt)
        try FilePath.createFolders(FilePath.folder(of: path))
        let lock = try FileLock(path: lockPath, onWait: onLockWait)
        defer { withExtendedLifetime(lock) {} }
        var info = stat()
        if lstat(path, &info) == 0 { throw StoreError.vaultExists(path: path) }
        try envelope.render().withUnsafeBytes { try AtomicFile.write($0, to: path, exclusive: true) }
        unlocker?.keyCache.store(key, vaultID: id, label: keyLabel)
    }

    /// Reads the vault's header without decrypting anything (for `lock` and `status`).
    public func header() throws -> Envelope {
        try Envelope.parse(try AtomicFile.read(path))
    }

    /// Reads and decrypts the vault.
    public func open(using unlocker: Unlocker) throws -> OpenVault {
        let envelope = try Envelope.parse(try AtomicFile.read(path))
        return try decrypt(envelope, using: unlocker)
    }

    private func decrypt(_ envelope: Envelope, using unlocker: Unlocker) throws -> OpenVault {
        try decrypt(envelope, dataKey: try unlocker.dataKey(for: envelope, label: keyLabel))
    }

    private func decrypt(_ envelope: Envelope, dataKey: SecureBytes) throws -> OpenVault {
        let (payload, length) = try envelope.openPayload(dataKey: dataKey)
        let entries = try EntryTable(content: payload, length: length)
        return OpenVault(envelope: envelope, dataKey: dataKey, entries: entries)
    }

    /// Runs `change` on the current entries and writes the result, all under the lock, so that
    /// concurrent writers never lose each other's updates. The key is obtained before the lock
    /// is taken, so a person typing the password does not hold up other commands.
    public func mutate<R>(using unlocker: Unlocker, _ change: (EntryTable) throws -> R) throws -> R {
        try withLockedVault(using: unlocker) { vault in
            let result = try change(vault.entries)
            var updated = vault.envelope
            let content = try vault.entries.serialized()
            try content.withUnsafeBytes { try updated.sealPayload($0, dataKey: vault.dataKey) }
            try write(updated)
            return result
        }
    }

    /// Re-wraps the data key under a key derived from `newPassword` with a fresh salt. The
    /// payload is written back byte for byte: no entry is re-encrypted.
    public func changePassword(using unlocker: Unlocker, to newPassword: SecureBytes) throws {
        let newSalt = try Sodium.randomBytes(Argon2id.saltLength)
        var newKey: (kdf: KDFParameters, key: SecureBytes)?
        try withLockedVault(using: unlocker) { vault in
            var updated = vault.envelope
            if newKey?.kdf != updated.kdf {
                newKey = (updated.kdf, try Argon2id.deriveKey(password: newPassword, salt: newSalt, parameters: updated.kdf))
            }
            updated.salt = newSalt
            try updated.wrap(dataKey: vault.dataKey, with: newKey!.key)
            try write(updated)
            unlocker.keyCache.store(newKey!.key, vaultID: updated.id, label: keyLabel)
        }
    }

    private func withLockedVault<R>(using unlocker: Unlocker, _ body: (OpenVault) throws -> R) throws -> R {
        let before = try AtomicFile.read(path)
        let envelopeBefore = try Envelope.parse(before)
        let dataKey = try unlocker.dataKey(for: envelopeBefore, label: keyLabel)
        let lock = try FileLock(path: lockPath, onWait: onLockWait)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.removeLeftovers(for: path)
        let current = try AtomicFile.read(path)
        let envelope = current == before ? envelopeBefore : try Envelope.parse(current)
        // `vault passwd` in another process re-wraps the data key but never changes it, so the
        // key unwrapped before the wait still opens the vault under its new password.
        let vault = envelope.id == envelopeBefore.id && envelope.cipher == envelopeBefore.cipher
            ? (try? decrypt(envelope, dataKey: dataKey)) : nil
        return try body(try vault ?? decrypt(envelope, using: unlocker))
    }

    private func write(_ envelope: Envelope) throws {
        try envelope.render().withUnsafeBytes { try AtomicFile.write($0, to: path) }
    }
}

/// A decrypted vault: its header, its data key and its entries.
public struct OpenVault {
    public let envelope: Envelope
    let dataKey: SecureBytes
    public let entries: EntryTable
}
