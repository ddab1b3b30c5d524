import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The vault file and everything done to it: create, read, and read-modify-write under the
/// exclusive lock with an atomic replace. Readers need no lock to read (a rename is atomic, so
/// they always see a whole vault); they take it briefly only to change the key cache, and wait
/// for it at most two seconds in all.
public final class VaultStore {
    /// The vault file (symbolic links resolved, so a write replaces the target, not the link).
    public let path: String
    /// The device and wall clock whose stamps this store's changes get (`EntryTable`): the
    /// session gives this user's device id (`DeviceIdentity`) and the context's clock.
    public let origin: ChangeOrigin
    /// What the store tells the command while it works.
    let events: StoreEvents
    /// Guards a reader's changes to the key cache (see `VaultFileCacheGuard`).
    let readerCacheGuard: VaultFileCacheGuard
    /// Guards the key cache for `verifyPassword`, waiting as long as it takes.
    private let patientCacheGuard: VaultFileCacheGuard
    /// Spreads the decoding and decrypting of a whole vault's entries over the processors.
    let work: ParallelWork
    /// The member lists of team vaults this user has seen here, which a team vault's list
    /// must descend from (nil: not checked, for a copy that is not the user's file).
    let teamPins: TeamPins?

    /// The store of the vault at `path`, whose changes are stamped with `origin`, and which
    /// opens a whole vault with `work`.
    public init(path: String, origin: ChangeOrigin, events: StoreEvents = .silent, work: ParallelWork = .serial, teamPins: TeamPins? = nil) {
        self.path = Self.resolved(path)
        self.teamPins = teamPins
        self.origin = origin
        self.events = events
        self.work = work
        let lockPath = self.path + ".lock"
        readerCacheGuard = VaultFileCacheGuard(vaultPath: self.path, lockPath: lockPath, patient: false, onLockWait: {})
        let resolved = self.path
        patientCacheGuard = VaultFileCacheGuard(vaultPath: resolved, lockPath: lockPath, patient: true, onLockWait: { events.lockWait(resolved) })
    }

    /// `path` with its symbolic links resolved; when nothing is there yet, the deepest of its
    /// folders that is there resolved, and the rest of the path appended as given (as given
    /// whole when that rest holds `.` or `..`, or no folder of it is there).
    public static func resolved(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parts = path.split(separator: "/")
        for kept in stride(from: parts.count - 1, through: 0, by: -1) {
            let rest = parts[kept...]
            guard !rest.contains(where: { $0 == "." || $0 == ".." }) else { return path }
            let folder = (path.hasPrefix("/") ? "/" : "") + parts[..<kept].joined(separator: "/")
            guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { continue }
            defer { free(resolved) }
            let base = String(cString: resolved)
            return (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
        }
        return path
    }

    var lockPath: String { path + ".lock" }

    /// The vault's id and the public key its security log is sealed to (nil before format
    /// version 7), from the header alone, unauthenticated: what a command records an event
    /// with, a failed password among them.
    public func logRecipient() throws -> (vaultID: String, logKey: [UInt8]?) {
        let file = try openVault()
        // 8 KiB hold any personal vault's header; a team vault of many members needs more.
        let header = try (try? Envelope.header(of: try file.bytes(0..<min(file.count, 8192)))) ?? Envelope.header(of: try file.bytes(0..<file.count))
        return (header.id, header.logKey)
    }

    /// Tells the command that this store waits for another process's lock.
    private func announceLockWait() { events.lockWait(path) }

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
        try writeNewVault(envelope)
        unlocker?.keyCache.store(key, vaultID: id, label: keyLabel)
    }

    /// Writes `envelope` as a new vault file, under the lock; fails if a file is there already.
    func writeNewVault(_ envelope: Envelope) throws {
        try Paths.createFolders(Paths.folder(of: path))
        let lock = try FileLock(path: lockPath, onWait: announceLockWait)
        defer { withExtendedLifetime(lock) {} }
        var info = stat()
        if lstat(path, &info) == 0 { throw StoreError.vaultExists(path: path) }
        try replaceFile(with: envelope.render(), exclusive: true)
    }

    /// Reads the vault's header without decrypting anything (for `lock`, `status` and `sync`),
    /// parsing the whole file: a file whose body is not a vault's is refused here, before
    /// `vault sync` could commit and push it.
    public func header() throws -> Envelope {
        try readEnvelope()
    }

    /// The vault file, parsed. A file that is missing or does not parse while another process
    /// holds the lock (`vault sync`, whose git rewrites the file in place rather than by
    /// rename) is read again once that process is done.
    private func readEnvelope() throws -> Envelope {
        try readingAgainAfterBusyLock { try Envelope.parse(try readVault(), work: work) }
    }

    /// What `read` makes of the vault file; if it fails while another process holds the lock
    /// (the file unreadable, or parts of it read at different times not fitting together),
    /// read again once that process is done.
    private func readingAgainAfterBusyLock<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch {
            guard error is FormatError || error is StoreError || error as? VaultOpenError == .tampered, waitedForBusyLock() else { throw error }
            return try read()
        }
    }

    /// Whether the lock was busy, and so waited for; false at once when it is free, when there
    /// is no lock file (nobody made one to hold), or when it cannot be taken at all (a
    /// read-only folder). Never called while this store holds the lock.
    private func waitedForBusyLock() -> Bool {
        guard access(lockPath, F_OK) == 0 else { return false }
        do {
            _ = try FileLock(path: lockPath, giveUpAfter: .zero, onWait: {})
            return false
        } catch .lockBusy {
            _ = try? FileLock(path: lockPath, onWait: announceLockWait)
            return true
        } catch {
            return false
        }
    }

    /// The vault file's bytes; a missing file is a missing vault.
    private func readVault() throws(StoreError) -> [UInt8] {
        let file = try openVault()
        return try file.bytes(0..<file.count)
    }

    /// The vault file, open to be read; a missing file is a missing vault.
    private func openVault() throws(StoreError) -> ReadOnlyFile {
        do {
            return try ReadOnlyFile(path: path)
        } catch .fileMissing {
            throw .vaultMissing(path: path)
        }
    }

    /// The entries called `names` (each in NFC), nil for a name the vault does not hold, read
    /// and decrypted alone where the format allows it (`VaultFileLookup`): a `vault get` on a
    /// vault of 10,000 entries reads about what it reads on one of 100.
    /// The file is read in parts, the entries' after the key is found (which may take a
    /// password typed meanwhile); a file that git rewrote in place in between is read again.
    public func entries(named names: [String], using unlocker: Unlocker) throws -> [Entry?] {
        try readingAgainAfterBusyLock {
            let lookup = try VaultFileLookup(file: try openVault())
            let keys = try keys(for: lookup.envelope, using: unlocker)
            return try lookup.entries(named: names, dataKey: keys.dataKey)
        }
    }

    /// The vault's state (`VaultState`): in version 5 on, from the seal and the tombstones
    /// alone, decrypting no entry.
    public func state(using unlocker: Unlocker) throws -> VaultState {
        try readingAgainAfterBusyLock {
            let lookup = try VaultFileLookup(file: try openVault())
            let keys = try keys(for: lookup.envelope, using: unlocker)
            return try lookup.state(dataKey: keys.dataKey)
        }
    }

    /// Reads and decrypts the vault.
    public func open(using unlocker: Unlocker) throws -> OpenVault {
        let envelope = try readEnvelope()
        return try decrypt(envelope, keys: try keys(for: envelope, using: unlocker))
    }

    /// The names of the entries, in order: from `cache`'s list when it was sealed for the file
    /// as it now is (the file's front read and one small box decrypted, as a `get` does), else
    /// from the whole file, whose list then replaces the one kept (shell completion, at each Tab).
    public func entryNames(using unlocker: Unlocker, cache: NameListCache?) throws -> [String] {
        if let cache {
            let cached = try readingAgainAfterBusyLock { () throws -> [String]? in
                let lookup = try VaultFileLookup(file: try openVault())
                guard let list = cache.list(vaultID: lookup.envelope.id) else { return nil }
                let keys = try keys(for: lookup.envelope, using: unlocker)
                return try lookup.envelope.openNameList(list, dataKey: keys.dataKey)
            }
            if let cached { return cached }
        }
        let vault = try open(using: unlocker)
        let names = vault.entries.names
        // A list that cannot be made is no list: the names are still the answer.
        if let cache, let list = try? vault.envelope.sealNameList(names, dataKey: vault.keys.dataKey) {
            cache.keep(list, vaultID: vault.envelope.id)
        }
        return names
    }

    /// Proves the master password on the current header, never with the cache, and offers the
    /// derived key to the cache, waiting for the lock as long as it takes: what `vault unlock`
    /// does, whose whole point is that the key gets cached.
    @discardableResult
    public func verifyPassword(using unlocker: Unlocker) throws -> Envelope {
        let envelope = try header()
        try verifyPassword(on: envelope, using: unlocker)
        return envelope
    }

    private func verifyPassword(on envelope: Envelope, using unlocker: Unlocker) throws {
        try unlocker.keysFromPassword(for: envelope, label: keyLabel, cacheGuard: patientCacheGuard)
    }

    /// Decrypts the entries; with a data key just unwrapped from this header (which
    /// authenticated the header), and the entries bound to the header, nothing unchecked remains.
    func decrypt(_ envelope: Envelope, keys: VaultKeys) throws -> OpenVault {
        OpenVault(envelope: envelope, keys: keys, entries: try envelope.openTable(dataKey: keys.dataKey, work: work))
    }

    /// Runs `change` on the current entries and writes the result, all under the lock, so that
    /// concurrent writers never lose each other's updates. The key is obtained before the lock
    /// is taken, so a person typing the password does not hold up other commands. A version 1
    /// file is written as the current version.
    ///
    /// With `names`, `change` is about the entries of those names (each in NFC) alone, and the
    /// table it gets holds only them (`EntryTable.scope`): in version 5 the other entries stay
    /// sealed, and their records are copied into the new file as they were (`SealedFileEdit`).
    public func mutate<R>(entriesNamed names: [String]? = nil, using unlocker: Unlocker, _ change: (EntryTable) throws -> R) throws -> R {
        try mutateWithAttachments(entriesNamed: names, using: unlocker) { table, _ in try change(table) }
    }

    /// Runs `change` as `mutate` does, with the vault's attachment storage to seal contents
    /// into and open them from. Once the file is written, the sealed contents that entries
    /// changed or removed no longer name (`EntryTable.releasedContents`) are removed unless
    /// another entry still names them.
    public func mutateWithAttachments<R>(
        entriesNamed names: [String]? = nil, using unlocker: Unlocker, _ change: (EntryTable, AttachmentStorage) throws -> R
    ) throws -> R {
        try withLockedFile(using: unlocker) { file, keys in
            if let names, let edit = try SealedFileEdit(file: file, dataKey: keys.dataKey) {
                let table = try edit.table(named: names)
                try table.beginChange(origin: origin)
                try signChange(of: table, using: unlocker)
                let storage = try attachmentStorage(of: edit.envelope, dataKey: keys.dataKey)
                let (result, dataKey) = try storage.removingCreated {
                    let result = try change(table, storage)
                    var header = edit.envelope
                    let dataKey = try header.prepareForWrite(keys: keys)
                    try write(try edit.changedFile(table, named: names, header: header, dataKey: dataKey))
                    return (result, dataKey)
                }
                // Best effort: the change is written; a sealed file left behind goes at a later write.
                if !table.releasedContents.isEmpty { try? removeUnreferencedAttachments(dataKey: dataKey) }
                return result
            }
            let vault = try decrypt(try Envelope.parse(file, work: work), keys: keys)
            try vault.entries.beginChange(origin: origin)
            try signChange(of: vault.entries, using: unlocker)
            // The data key of the file as it will be written (a version 1 file gets a new one),
            // which the contents stored by `change` are sealed under.
            var updated = vault.envelope
            let dataKey = try updated.prepareForWrite(keys: vault.keys)
            let storage = try attachmentStorage(of: updated, dataKey: dataKey)
            let result = try storage.removingCreated {
                let result = try change(vault.entries, storage)
                try updated.sealEntries(vault.entries, dataKey: dataKey)
                try write(updated)
                return result
            }
            if !vault.entries.releasedContents.isEmpty, let kept = try? vault.entries.attachmentContents() {
                attachmentFolder.removeAll(but: kept)
            }
            return result
        }
    }

    /// The folder of the vault's attachments' sealed contents.
    public var attachmentFolder: AttachmentFolder { AttachmentFolder(vaultPath: path) }

    func attachmentStorage(of envelope: Envelope, dataKey: SecureBytes) throws -> AttachmentStorage {
        AttachmentStorage(sealer: try AttachmentSealer(dataKey: dataKey, cipher: envelope.cipher, vaultID: envelope.id), folder: attachmentFolder)
    }

    /// Removes the sealed contents no entry of the vault file, as just written, names.
    private func removeUnreferencedAttachments(dataKey: SecureBytes) throws {
        let table = try Envelope.parse(try readVault(), work: work).openTable(dataKey: dataKey, work: work)
        attachmentFolder.removeAll(but: try table.attachmentContents())
    }

    /// Runs `body` on the vault as one read of the file holds it, with the storage that opens
    /// its attachments' contents under that read's keys; runs it again, on a new read, once when
    /// a content is missing or does not open (a `rekey` or an `attach rm` replaced the file
    /// between the read and the content's).
    public func open<T>(using unlocker: Unlocker, withContents body: (OpenVault, AttachmentStorage) throws -> T) throws -> T {
        try readingContents {
            let vault = try open(using: unlocker)
            return try body(vault, try attachmentStorage(of: vault.envelope, dataKey: vault.keys.dataKey))
        }
    }

    /// The entry called `name` (in NFC), nil when there is none, and the content of its
    /// attachment called `attachmentName` when it has one: both from one read of the file, and
    /// read again once when the content is missing or does not open, as when a `rekey` or an
    /// `attach rm` replaced the file between the entry's read and the content's.
    public func entry(named name: String, withContentOf attachmentName: String, using unlocker: Unlocker)
        throws -> (entry: Entry, content: SecureBytes?)? {
        try readingContents {
            try readingAgainAfterBusyLock {
                let lookup = try VaultFileLookup(file: try openVault())
                let keys = try keys(for: lookup.envelope, using: unlocker)
                guard let entry = try lookup.entries(named: [name], dataKey: keys.dataKey).first ?? nil else { return nil }
                let content = try entry.attachment(named: attachmentName).map {
                    try attachmentStorage(of: lookup.envelope, dataKey: keys.dataKey).open($0)
                }
                return (entry, content)
            }
        }
    }

    /// Runs `read`, which reads entries and then contents of their attachments, and runs it once
    /// more when a content is missing or does not open and the vault file was replaced meanwhile
    /// (a `rekey` or an `attach rm` between the read of the entries and the content's); a
    /// content missing or damaged in the file as it stands is that error.
    private func readingContents<T>(_ read: () throws -> T) throws -> T {
        let before = fileIdentity()
        do {
            return try read()
        } catch let error as AttachmentError {
            guard fileIdentity() != before else { throw error }
            return try read()
        }
    }

    /// What tells one vault file from the next one written in its place (each write is a new
    /// file renamed into place): its inode, size and change time; nil when it cannot be read.
    private func fileIdentity() -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }

    /// Runs `body` holding the vault's lock, so that no vault command changes the file
    /// meanwhile: `vault sync`, while git commits and replaces it.
    public func whileLocked<R>(_ body: () throws -> R) throws -> R {
        let lock = try FileLock(path: lockPath, onWait: announceLockWait)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    /// Replaces every key of the vault: a fresh salt, a fresh data key, every entry sealed
    /// again under it, and the new data key wrapped under a key derived from the password
    /// `newPassword` gives (asked only once the current one is proven), or from the current
    /// password when `nil` (a rekey), with `newKDF` (or the vault's own, which must be within
    /// the limit). The current password is proven first, never taken from the cache. Afterwards no old file,
    /// old password or old key opens the vault. The old cached key is removed before the file
    /// is replaced and the new one stored after, so a failure leaves no key that opens nothing;
    /// `otherCache` (the keyring, when this command does not use it) is cleared the same way.
    public func rotateKeys(
        using unlocker: Unlocker, newPassword: (() throws -> SecureBytes)?, newKDF: KDFParameters? = nil,
        alsoClearing otherCache: KeyCache? = nil
    ) throws {
        let current = try header()
        guard !current.isTeam else { throw VaultOpenError.teamHasNoPassword }
        try checkRotation(newKDF: newKDF, current: current.kdf)
        try verifyPassword(on: current, using: unlocker)
        let password = try newPassword?() ?? unlocker.masterPassword()
        let salt = try Sodium.randomBytes(Argon2id.saltLength)
        let derive = { (kdf: KDFParameters) in (kdf: kdf, key: try Argon2id.deriveKey(password: password, salt: salt, parameters: kdf)) }
        var newKey = try derive(newKDF ?? current.kdf)
        try withLockedFile(using: unlocker) { file, keys in
            let vault = try decrypt(try Envelope.parse(file, work: work), keys: keys)
            let kdf = newKDF ?? vault.envelope.kdf
            if newKey.kdf != kdf { newKey = try derive(kdf) }
            var (rotated, dataKey) = try Envelope.create(
                id: vault.envelope.id, cipher: vault.envelope.cipher, kdf: kdf, keyEncryptionKey: newKey.key, salt: salt)
            try vault.entries.beginChange(origin: origin)
            vault.entries.stampKeys()
            try vault.entries.retireEventLogKey(of: keys.dataKey)
            let resealed = try attachmentStorage(of: rotated, dataKey: dataKey)
            try resealed.removingCreated {
                try resealAttachments(of: vault.entries, from: try attachmentStorage(of: vault.envelope, dataKey: keys.dataKey), to: resealed)
                try rotated.sealEntries(vault.entries, dataKey: dataKey)
                unlocker.keyCache.remove(vaultID: rotated.id)
                otherCache?.remove(vaultID: rotated.id)
                try write(rotated)
            }
            unlocker.keyCache.store(newKey.key, vaultID: rotated.id, label: keyLabel)
            if let kept = try? vault.entries.attachmentContents() { attachmentFolder.removeAll(but: kept) }
        }
    }

    /// Seals every attachment's content again under the new keys (`new`: new content ids), in
    /// memory, one at a time, and has each entry name the new ids; the old sealed files are
    /// removed once the vault file naming the new ones is written.
    /// A content missing here is named before anything is sealed.
    func resealAttachments(of table: EntryTable, from old: AttachmentStorage, to new: AttachmentStorage) throws {
        guard !(try table.attachmentContents()).isEmpty else { return }
        let entries = try table.allEntries().filter { !$0.attachments.isEmpty }
        if let missing = entries.lazy.flatMap(\.attachments).first(where: { !old.folder.holds($0.content) }) {
            throw AttachmentError.missing(name: missing.name)
        }
        for var entry in entries {
            for var attachment in entry.attachments {
                attachment.content = try old.open(attachment).withUnsafeBytes { try new.store($0) }
                entry.setAttachment(attachment)
            }
            try table.put(entry)
        }
    }

    /// Refuses a rotation that would write KDF parameters past the limit: `newKDF`, or the
    /// vault's own (`current`) when it is `nil` (an older vault may have them).
    private func checkRotation(newKDF: KDFParameters?, current: KDFParameters) throws {
        if let newKDF {
            try newKDF.validate()
            try KDFCost(newKDF).checkForNewVault()
        } else if case let cost = KDFCost(current), cost.exceedsLimit {
            throw CryptoError.unreasonableKDFParameters(
                "\(cost.summary) is past what vault writes; give lower ones with --kdf-memory-mib and --kdf-iterations")
        }
    }

    /// Reads the vault file under the lock for a change, and finds its keys. The keys are
    /// found before the lock is taken, from the file's front (`VaultFileLookup`); if the header
    /// changed while this command waited, the new one is authenticated with keys found without
    /// asking (a key this command derived, the cache, or the password it already has) before
    /// anything is written, and a data key from before is never reused.
    func withLockedFile<R>(using unlocker: Unlocker, _ body: (_ file: [UInt8], _ keys: VaultKeys) throws -> R) throws -> R {
        let headerBefore = try readingAgainAfterBusyLock { try VaultFileLookup(file: try openVault()).envelope }
        let keysBefore = try keys(for: headerBefore, using: unlocker)
        let lock = try FileLock(path: lockPath, onWait: announceLockWait)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.removeLeftovers(for: path)
        let current = try readVault()
        // The header alone: the body is parsed once, by what `body` makes of the file.
        let header = try Envelope.header(of: current)
        if header.hasHeader(of: headerBefore) {
            return try body(current, keysBefore)
        }
        guard header.isTeam else { return try body(current, try unlocker.keysWithoutAsking(for: header, label: keyLabel)) }
        return try body(current, try keys(for: try Envelope.parse(current, work: work), using: unlocker))
    }

    /// Replaces the vault file. A replacement that is in place but could not be flushed to
    /// disk is reported as a warning, not a failure: the change took effect, and a script that
    /// took it for failed would act on a vault that is not what it thinks.
    func write(_ envelope: Envelope) throws {
        try write(envelope.render())
    }

    private func write(_ file: [UInt8]) throws {
        try replaceFile(with: file, exclusive: false)
    }

    func replaceFile(with file: [UInt8], exclusive: Bool) throws {
        do {
            try file.withUnsafeBytes { try AtomicFile.write($0, to: path, exclusive: exclusive) }
        } catch let error as StoreError {
            guard case .notFlushed = error else { throw error }
            events.warning(error.message)
        }
    }
}
