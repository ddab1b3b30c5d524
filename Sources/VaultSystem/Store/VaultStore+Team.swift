import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Team vaults in the store: their keys come from the person's identities, their member list
/// must descend from the one this machine saw last (`TeamPins`), and their members change
/// under the lock like entries do.
extension VaultStore {
    /// The keys of `envelope` (read with its body, whole or for lookups); for a team vault,
    /// its member list checked against the pin.
    func keys(for envelope: Envelope, using unlocker: Unlocker) throws -> VaultKeys {
        let keys = try unlocker.keys(for: envelope, label: keyLabel, cacheGuard: readerCacheGuard)
        if envelope.isTeam, let manifest = try envelope.teamManifest(dataKey: keys.dataKey) { try checkPinned(manifest, vaultID: envelope.id) }
        return keys
    }

    /// Refuses a member list older than, or forked from, the one this machine saw last, and
    /// keeps a newer one; says so the first time it sees a team vault, whose list it then trusts
    /// as it is.
    func checkPinned(_ manifest: TeamManifest, vaultID: String) throws {
        guard let teamPins else { return }
        if try teamPins.accept(manifest, vaultID: vaultID) == .firstSeen {
            let names = manifest.members.map(\.name).joined(separator: ", ")
            events.warning("first use of team vault \(path) on this machine: its member list (\(names)) is trusted as it is; from now on it may only move on from it")
        }
    }

    /// Creates a new team vault with the members of `manifest` (its founder), sealed with
    /// `cipher`; fails if a file is there already. Returns the vault's id.
    @discardableResult
    public func createTeam(_ manifest: TeamManifest, cipher: Cipher) throws -> String {
        try cipher.ensureAvailable()
        let id = UUID().uuidString.lowercased()
        let dataKey = try SecureBytes.random(count: Cipher.keyLength)
        var envelope = try Envelope.teamHeader(id: id, cipher: cipher, dataKey: dataKey, manifest: manifest)
        let table = try EntryTable(content: try SecureBytes(count: 0), length: 0)
        table.found(manifest)
        try envelope.sealEntries(table, dataKey: dataKey)
        try Paths.createFolders(Paths.folder(of: path))
        let lock = try FileLock(path: lockPath, onWait: announceLockWait)
        defer { withExtendedLifetime(lock) {} }
        var info = stat()
        if lstat(path, &info) == 0 { throw StoreError.vaultExists(path: path) }
        try replaceFile(with: envelope.render(), exclusive: true)
        _ = try teamPins?.accept(manifest, vaultID: id)
        return id
    }

    /// Lets `identity` in as `name`: the data key sealed for them too, and the member list
    /// moved on. Nothing else of the file changes.
    @discardableResult
    public func addMember(_ name: String, identity: PublicIdentity, using unlocker: Unlocker) throws -> TeamManifest {
        try withLockedFile(using: unlocker) { file, keys in
            let vault = try decrypt(try Envelope.parse(file, work: work), keys: keys)
            guard vault.envelope.isTeam else { throw VaultOpenError.notATeamVault }
            try vault.entries.beginChange(origin: origin)
            let manifest = try vault.entries.changeTeam { current, stamp in try current.adding(name, identity: identity, at: stamp) }
            var updated = try vault.envelope.sealingKey(keys.dataKey, for: identity)
            let dataKey = try updated.prepareForWrite(keys: keys)
            try updated.sealEntries(vault.entries, dataKey: dataKey)
            try write(updated)
            try checkPinned(manifest, vaultID: updated.id)
            return manifest
        }
    }

    /// Removes the member `name`: a fresh data key, sealed for the others alone; every entry
    /// and attachment sealed again under it; the old key's event log key retired. Returns the
    /// new member list and the entries the removed member could read (all of them, as they
    /// stood), which are theirs to keep.
    public func removeMember(_ name: String, using unlocker: Unlocker) throws -> (manifest: TeamManifest, readable: [Entry]) {
        try withLockedFile(using: unlocker) { file, keys in
            let vault = try decrypt(try Envelope.parse(file, work: work), keys: keys)
            guard vault.envelope.isTeam else { throw VaultOpenError.notATeamVault }
            let readable = try vault.entries.allEntries()
            try vault.entries.beginChange(origin: origin)
            let manifest = try vault.entries.changeTeam { current, stamp in try current.removing(name, at: stamp) }
            vault.entries.stampKeys()
            try vault.entries.retireEventLogKey(of: keys.dataKey)
            let dataKey = try SecureBytes.random(count: Cipher.keyLength)
            var rotated = try Envelope.teamHeader(id: vault.envelope.id, cipher: vault.envelope.cipher, dataKey: dataKey, manifest: manifest)
            let resealed = try attachmentStorage(of: rotated, dataKey: dataKey)
            try resealed.removingCreated {
                try resealAttachments(of: vault.entries, from: try attachmentStorage(of: vault.envelope, dataKey: keys.dataKey), to: resealed)
                try rotated.sealEntries(vault.entries, dataKey: dataKey)
                try write(rotated)
            }
            if let kept = try? vault.entries.attachmentContents() { attachmentFolder.removeAll(but: kept) }
            try checkPinned(manifest, vaultID: rotated.id)
            return (manifest, readable)
        }
    }

    /// A team vault's member list, checked as every read checks it.
    public func teamManifest(using unlocker: Unlocker) throws -> TeamManifest {
        guard let manifest = try state(using: unlocker).team else { throw VaultOpenError.notATeamVault }
        return manifest
    }
}
