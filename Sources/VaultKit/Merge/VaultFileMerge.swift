/// The merge of three vault files as git's merge driver gets them (`%O %A %B`): the common
/// ancestor, our copy (which the result replaces) and theirs. Each copy is opened with the keys
/// `unlocker` finds for it (a cached key, or the master password, asked once), merged
/// (`VaultMerge`), and the result written to our file under the header of the copy whose keys
/// were made later, with a fresh nonce. Nothing is written in plain text, and on any failure our
/// file is left as it was. The key cache is neither read for nor changed by anything but our
/// own copies' ids.
public enum VaultFileMerge {
    /// One opened copy.
    struct Opened {
        var envelope: Envelope
        var keys: VaultKeys
        var copy: VaultMerge.Copy
    }

    /// Merges `theirs` into `ours` against `base` (an empty file, as git gives when the copies
    /// share no ancestor, counts as none) and returns what it did.
    public static func merge(base: String, ours: String, theirs: String, using unlocker: Unlocker) throws -> MergeReport {
        let mine = try open(ours, using: unlocker)
        let other = try openOther(theirs, using: unlocker)
        guard mine.envelope.id == other.envelope.id else { throw MergeError.differentVaults }
        let ancestor = try AtomicFile.read(base).isEmpty ? nil : try openOther(base, using: unlocker)
        if let ancestor, ancestor.envelope.id != mine.envelope.id { throw MergeError.differentVaults }
        let (result, report) = VaultMerge.merge(base: ancestor?.copy, ours: mine.copy, theirs: other.copy)
        var target = VaultMerge.newerKeys(ours: mine.copy.state, theirs: other.copy.state) == .ours ? mine : other
        let dataKey = try target.envelope.prepareForWrite(keys: target.keys)
        let content = try EntryTable(entries: result.entries, state: result.state).serialized()
        try content.withUnsafeBytes { try target.envelope.sealPayload($0, dataKey: dataKey) }
        try target.envelope.render().withUnsafeBytes { try AtomicFile.write($0, to: ours) }
        return report
    }

    /// Opens the vault file at `path` (never changing the key cache). Entries sharing an id
    /// are refused: a merge by id would lose one of them.
    static func open(_ path: String, using unlocker: Unlocker) throws -> Opened {
        let envelope = try Envelope.parse(try AtomicFile.read(path))
        let keys = try unlocker.keys(for: envelope, label: "vault key", cacheGuard: { _, _ in })
        let (payload, length) = try envelope.openPayload(dataKey: keys.dataKey)
        let table = try EntryTable(content: payload, length: length)
        let entries = try table.allEntries()
        if Set(entries.map(\.id)).count != entries.count { throw VaultOpenError.malformedPayload("two entries have the same id") }
        return Opened(envelope: envelope, keys: keys, copy: VaultMerge.Copy(entries: entries, state: table.state))
    }

    /// Opens another copy once ours is open: a password that opened ours but not this one
    /// means the copies' master passwords differ.
    private static func openOther(_ path: String, using unlocker: Unlocker) throws -> Opened {
        do {
            return try open(path, using: unlocker)
        } catch VaultOpenError.wrongPassword {
            throw MergeError.differentPasswords
        }
    }
}

/// Why vault files could not be merged; git then leaves the conflict to the person.
public enum MergeError: VaultFailure, Equatable {
    case differentVaults
    case differentPasswords

    public var message: String {
        switch self {
        case .differentVaults:
            return "the files are copies of different vaults (their ids differ); git's conflict is left as it is"
        case .differentPasswords:
            return "the other copy has another master password (vault passwd on one machine only), which vault cannot merge yet; git's conflict is left as it is"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
