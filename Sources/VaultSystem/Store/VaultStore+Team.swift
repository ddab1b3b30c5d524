import VaultCore
import FoundationEssentials

/// Team vaults in the store: their keys come from the person's identities, their change log of
/// members must hold the changes this machine saw last (`TeamPins`), and their members change
/// under the lock like entries do, each change signed by the member who makes it.
extension VaultStore {
    /// The keys of `envelope` (read with its body, whole or for lookups); for a team vault,
    /// its change log checked against the pin.
    func keys(for envelope: Envelope, using unlocker: Unlocker) throws -> VaultKeys {
        let keys = try unlocker.keys(for: envelope, label: keyLabel, cacheGuard: readerCacheGuard)
        if envelope.isTeam, let log = try envelope.teamLog(dataKey: keys.dataKey) { try checkPinned(log, vaultID: envelope.id) }
        return keys
    }

    /// Refuses a change log that lacks changes this machine saw, and keeps a newer one; says so
    /// the first time it sees a team vault, whose members it then trusts as they are, and (unless
    /// `announcing` is false: the person's own change) which changes of members came since the
    /// last time.
    func checkPinned(_ log: TeamLog, vaultID: String, announcing: Bool = true) throws {
        guard let teamPins else { return }
        switch try teamPins.accept(log, vaultID: vaultID, path: path) {
        case .firstSeen where announcing:
            let names = log.state.members.map(\.name).joined(separator: ", ")
            events.warning("first use of team vault \(path) on this machine: its members (\(names)) are trusted as they are; from now on only changes made after these are taken")
        case .newer(let changes) where announcing:
            events.warning("the members of team vault \(path) changed since this machine last used it: " + log.describe(changes).joined(separator: "; "))
        case .firstSeen, .newer, .unchanged:
            break
        }
    }

    /// Takes `log`, the change log of members of a copy of the team vault `vaultID` about to be
    /// put at this path (`vault sync clone`), as a read of the file would: refused when it lacks
    /// changes this machine saw, pinned, and its first use said.
    public func acceptTeamLog(_ log: TeamLog, vaultID: String) throws {
        try checkPinned(log, vaultID: vaultID)
    }

    /// Creates a new team vault of `id` with the members of `log`, founded by `founder`,
    /// sealed with `cipher`; fails if a file is there already.
    public func createTeam(_ log: TeamLog, id: String, cipher: Cipher, founder: MemberIdentity) throws {
        try cipher.ensureAvailable()
        let dataKey = try SecureBytes.random(count: Cipher.keyLength)
        var envelope = try Envelope.teamHeader(id: id, cipher: cipher, dataKey: dataKey, members: log.state)
        let table = try EntryTable(content: try SecureBytes(count: 0), length: 0)
        table.found(log)
        table.author = founder
        try envelope.sealEntries(table, dataKey: dataKey)
        try writeNewVault(envelope)
        do {
            try teamPins?.accept(log, vaultID: id, path: path, replacing: true)
        } catch {
            events.warning("the team vault is made, but this machine's record of its members was not kept: \((error as? VaultFailure)?.message ?? "\(error)")")
        }
    }

    /// Pins `log`, written by this person's own change; the change is made whatever happens
    /// here, so a failure is a warning (the pin before it, if any, still holds).
    private func keepPin(of log: TeamLog, vaultID: String) {
        do {
            try checkPinned(log, vaultID: vaultID, announcing: false)
        } catch {
            events.warning("the change is made, but this machine's record of the team vault's members was not kept: \((error as? VaultFailure)?.message ?? "\(error)")")
        }
    }

    /// Lets `identity` in as `name`: the data key sealed for them too, and the change signed
    /// by the person's identity that is a member. Nothing else of the file changes.
    @discardableResult
    public func addMember(_ name: String, identity: PublicIdentity, using unlocker: Unlocker) throws -> TeamLog {
        try withLockedFile(using: unlocker) { file, keys in
            let vault = try openTeam(file, keys: keys)
            try vault.entries.beginChange(origin: origin)
            try signChange(of: vault.entries, using: unlocker)
            let log = try vault.entries.changeTeam { current, stamp in
                try current.adding(name, identity: identity, by: try signer(of: current, using: unlocker), vaultID: vault.envelope.id, at: stamp)
            }
            var updated = try vault.envelope.sealingDataKey(keys.dataKey, for: log.state)
            let dataKey = try updated.prepareForWrite(keys: keys)
            try updated.sealEntries(vault.entries, dataKey: dataKey)
            try write(updated)
            keepPin(of: log, vaultID: updated.id)
            return log
        }
    }

    /// Removes the member `name`: a fresh data key, sealed for the others alone; every entry
    /// and attachment sealed again under it; the old key's event log key retired. Returns the
    /// new log and the entries the removed member could read (all of them, as they stood),
    /// which are theirs to keep.
    public func removeMember(_ name: String, using unlocker: Unlocker) throws -> (log: TeamLog, readable: [Entry]) {
        try withLockedFile(using: unlocker) { file, keys in
            let vault = try openTeam(file, keys: keys)
            let readable = try vault.entries.allEntries()
            try vault.entries.beginChange(origin: origin)
            try signChange(of: vault.entries, using: unlocker)
            let log = try vault.entries.changeTeam { current, stamp in
                try current.removing(name, by: try signer(of: current, using: unlocker), vaultID: vault.envelope.id, at: stamp)
            }
            vault.entries.stampKeys()
            try vault.entries.retireEventLogKey(of: keys.dataKey)
            let dataKey = try SecureBytes.random(count: Cipher.keyLength)
            var rotated = try Envelope.teamHeader(id: vault.envelope.id, cipher: vault.envelope.cipher, dataKey: dataKey, members: log.state)
            let resealed = try attachmentStorage(of: rotated, dataKey: dataKey)
            try resealed.removingCreated {
                try resealAttachments(of: vault.entries, from: try attachmentStorage(of: vault.envelope, dataKey: keys.dataKey), to: resealed)
                try rotated.sealEntries(vault.entries, dataKey: dataKey)
                try write(rotated)
            }
            if let kept = try? vault.entries.attachmentContents() { attachmentFolder.removeAll(but: kept) }
            keepPin(of: log, vaultID: rotated.id)
            return (log, readable)
        }
    }

    /// The team vault `file` (read under the lock) opened with `keys`, its log checked against
    /// the pin again: the file may have changed since it was first read.
    private func openTeam(_ file: [UInt8], keys: VaultKeys) throws -> OpenVault {
        let vault = try decrypt(try Envelope.parse(file, work: work), keys: keys)
        guard let log = vault.entries.state.team else { throw VaultOpenError.notATeamVault }
        try checkPinned(log, vaultID: vault.envelope.id)
        return vault
    }

    /// Makes the person's identity that is a member the author of the change `table` is about
    /// to take, when it is a team vault's (whose writes are signed: `Authorship`).
    func signChange(of table: EntryTable, using unlocker: Unlocker) throws {
        guard let log = table.state.team else { return }
        table.author = try signer(of: log, using: unlocker)
    }

    /// The person's identity that is a member of the team whose log is `log`.
    private func signer(of log: TeamLog, using unlocker: Unlocker) throws -> MemberIdentity {
        guard let identity = try unlocker.identities().first(where: { log.state.members.map(\.identity).contains($0.publicIdentity) }) else {
            throw TeamLogError.notYourTeam
        }
        return identity
    }

    /// A team vault's change log of members, checked as every read checks it.
    public func teamLog(using unlocker: Unlocker) throws -> TeamLog {
        guard let log = try state(using: unlocker).team else { throw VaultOpenError.notATeamVault }
        return log
    }
}
