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
        try KDFCost(kdf).checkForNewVault()
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
        return try decrypt(envelope, keys: try unlocker.keys(for: envelope, label: keyLabel))
    }

    /// Decrypts the payload; with a data key just unwrapped from this header (which
    /// authenticated the header), and the payload bound to the header, nothing unchecked remains.
    private func decrypt(_ envelope: Envelope, keys: VaultKeys) throws -> OpenVault {
        let (payload, length) = try envelope.openPayload(dataKey: keys.dataKey)
        let entries = try EntryTable(content: payload, length: length)
        return OpenVault(envelope: envelope, keys: keys, entries: entries)
    }

    /// Runs `change` on the current entries and writes the result, all under the lock, so that
    /// concurrent writers never lose each other's updates. The key is obtained before the lock
    /// is taken, so a person typing the password does not hold up other commands. A version 1
    /// file is written as the current version.
    public func mutate<R>(using unlocker: Unlocker, _ change: (EntryTable) throws -> R) throws -> R {
        try withLockedVault(using: unlocker) { vault in
            let result = try change(vault.entries)
            var updated = vault.envelope
            try updated.upgrade(keys: vault.keys)
            let content = try vault.entries.serialized()
            try content.withUnsafeBytes { try updated.sealPayload($0, dataKey: vault.keys.dataKey) }
            try write(updated)
            return result
        }
    }

    /// Replaces every key of the vault: a fresh salt, a fresh data key, the payload encrypted
    /// again under it, and the new data key wrapped under a key derived from `newPassword` (or
    /// from the current password when `nil`: a rekey). Afterwards no old file, old password or
    /// old key opens the vault; the cache gets the new key-encryption key. `unlocker` should be
    /// one made for re-authentication, so that the current password is proven first.
    public func rotateKeys(using unlocker: Unlocker, newPassword: SecureBytes?) throws {
        let current = try header()
        _ = try unlocker.keys(for: current, label: keyLabel)
        let password = try newPassword ?? unlocker.masterPassword()
        let salt = try Sodium.randomBytes(Argon2id.saltLength)
        var newKey = (kdf: current.kdf, key: try Argon2id.deriveKey(password: password, salt: salt, parameters: current.kdf))
        try withLockedVault(using: unlocker) { vault in
            let kdf = vault.envelope.kdf
            if newKey.kdf != kdf {
                newKey = (kdf, try Argon2id.deriveKey(password: password, salt: salt, parameters: kdf))
            }
            var (rotated, dataKey) = try Envelope.create(
                id: vault.envelope.id, cipher: vault.envelope.cipher, kdf: kdf, keyEncryptionKey: newKey.key, salt: salt)
            let content = try vault.entries.serialized()
            try content.withUnsafeBytes { try rotated.sealPayload($0, dataKey: dataKey) }
            try write(rotated)
            unlocker.keyCache.store(newKey.key, vaultID: rotated.id, label: keyLabel)
        }
    }

    /// Opens the vault under the lock for a change. The keys are found before the lock is
    /// taken; if the file changed while this command waited, its new header is authenticated
    /// with keys found without asking (the cache, or the password this command already has)
    /// before anything is written, and a data key from before is never reused.
    private func withLockedVault<R>(using unlocker: Unlocker, _ body: (OpenVault) throws -> R) throws -> R {
        let before = try AtomicFile.read(path)
        let envelopeBefore = try Envelope.parse(before)
        let keysBefore = try unlocker.keys(for: envelopeBefore, label: keyLabel)
        let lock = try FileLock(path: lockPath, onWait: onLockWait)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.removeLeftovers(for: path)
        let current = try AtomicFile.read(path)
        if current == before {
            return try body(try decrypt(envelopeBefore, keys: keysBefore))
        }
        let envelope = try Envelope.parse(current)
        let keys = try unlocker.keysWithoutAsking(for: envelope, label: keyLabel)
        return try body(try decrypt(envelope, keys: keys))
    }

    private func write(_ envelope: Envelope) throws {
        try envelope.render().withUnsafeBytes { try AtomicFile.write($0, to: path) }
    }
}

/// A decrypted vault: its header, its keys and its entries.
public struct OpenVault {
    public let envelope: Envelope
    let keys: VaultKeys
    public let entries: EntryTable
}
