import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The versions of team vaults' member lists this user has accepted on this machine (`TeamPin`),
/// so that a list a vault offers later is taken only when it is that version or grew from it:
/// the first list seen is trusted as it is, and after that no rollback and no fork.
///
/// Kept outside any repository, where no remote reaches it: one file per team vault id in
/// `$XDG_STATE_HOME/vault/teams/` (folder 0700, files 0600), holding the pin's text.
public struct TeamPins: Sendable {
    /// The folder of the pin files.
    public let folder: String

    /// The pins under the state home `stateHome` (`$XDG_STATE_HOME`, else `~/.local/state`).
    public init(stateHome: String) {
        folder = stateHome + "/vault/teams"
    }

    /// The pin file of `vaultID`, which must be a lower-case UUID, never a path.
    private func file(vaultID: String) throws(TeamTrustError) -> String {
        guard LowercaseUUID.isValid(vaultID) else { throw .invalidVaultID(vaultID) }
        return folder + "/" + vaultID
    }

    /// The pin of the team vault `vaultID`; nil when this machine has none. A file that does not
    /// hold a pin is an error, never taken as none.
    public func pin(vaultID: String) throws -> TeamPin? {
        let path = try file(vaultID: vaultID)
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: 4096)
        } catch .fileMissing {
            return nil
        }
        guard let pin = TeamPin(text: String(decoding: bytes, as: UTF8.self)) else { throw TeamTrustError.damagedPin(path: path) }
        return pin
    }

    /// Takes `manifest` as the member list of the team vault `vaultID` if it is the pinned
    /// version or grew from it (or nothing is pinned yet), pinning it when it is new; throws
    /// `TeamTrustError` when it is older than the pin or went another way.
    public func accept(_ manifest: TeamManifest, vaultID: String) throws -> TeamPinOutcome {
        guard let pinned = try pin(vaultID: vaultID) else {
            try record(TeamPin(manifest), vaultID: vaultID)
            return .firstSeen
        }
        switch manifest.descends(from: pinned) {
        case .same:
            return .unchanged
        case .newer:
            try record(TeamPin(manifest), vaultID: vaultID)
            return .newer(previousEpoch: pinned.epoch)
        case .older:
            throw TeamTrustError.rolledBack(pinned: pinned.epoch, offered: manifest.epoch)
        case .forked:
            throw TeamTrustError.forked(epoch: pinned.epoch)
        }
    }

    /// Drops the pin of `vaultID`, so that the next list seen is trusted as it is; none is fine.
    public func forget(vaultID: String) throws {
        let path = try file(vaultID: vaultID)
        guard unlink(path) == 0 || errno == ENOENT else { throw StoreError.io(path: path, operation: "remove", errno: errno) }
    }

    /// Writes `pin` as the pin of `vaultID`, replacing the one before.
    private func record(_ pin: TeamPin, vaultID: String) throws {
        let path = try file(vaultID: vaultID)
        try Paths.createFolders(folder)
        do {
            try Array(pin.text.utf8).withUnsafeBytes { try AtomicFile.write($0, to: path) }
        } catch StoreError.notFlushed {
            // Written in place; at worst a crash now loses the pin, and the list seen next is
            // trusted as it is.
        }
    }
}

/// What `TeamPins.accept` made of a member list it took.
public enum TeamPinOutcome: Equatable, Sendable {
    /// Nothing was pinned for the vault: the list is trusted as it is, and pinned.
    case firstSeen
    /// The list is the pinned version.
    case unchanged
    /// The list grew from the pinned version `previousEpoch`, and is pinned now.
    case newer(previousEpoch: UInt64)
}
