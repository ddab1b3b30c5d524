import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The team vaults this user has used on this machine, and the latest changes of members each
/// was seen with (`TeamPin`), so that a log a vault offers later is taken only when it holds
/// them: the first log seen is trusted as it is, and after that no rollback and no fork. Each
/// path a team vault was used at remembers that vault's id, so that another team vault put in
/// its place is refused rather than trusted as new.
///
/// Kept outside any repository, where no remote reaches it: in `$XDG_STATE_HOME/vault/teams/`
/// (folder 0700, files 0600), one file per team vault id holding the pin's text, and in
/// `paths/` one file per path (named by the BLAKE2b-128 of the path, in hex) holding the id.
public struct TeamPins: Sendable {
    /// The folder of the pin files.
    public let folder: String
    /// Whether a team vault seen for the first time is trusted and pinned (false for a command
    /// that never asks or warns, such as shell completion, which then refuses it).
    public let trustsFirstSight: Bool

    /// The pins under the state home `stateHome` (`$XDG_STATE_HOME`, else `~/.local/state`).
    public init(stateHome: String, trustsFirstSight: Bool = true) {
        folder = stateHome + "/vault/teams"
        self.trustsFirstSight = trustsFirstSight
    }

    /// The pin file of `vaultID`, which must be a lower-case UUID, never a path.
    func file(vaultID: String) throws(TeamTrustError) -> String {
        guard LowercaseUUID.isValid(vaultID) else { throw .invalidVaultID(vaultID) }
        return folder + "/" + vaultID
    }

    /// The file that remembers which team vault was used at `path`.
    func file(path: String) -> String {
        let hash = Array(path.utf8).withUnsafeBytes { Sodium.blake2b($0, length: 16) }
        return folder + "/paths/" + String(decoding: BodyText.hex(hash), as: UTF8.self)
    }

    /// The pin of the team vault `vaultID`; nil when this machine has none. A file that does not
    /// hold a pin is an error, never taken as none.
    public func pin(vaultID: String) throws -> TeamPin? {
        let path = try file(vaultID: vaultID)
        guard let text = try read(path) else { return nil }
        guard let pin = TeamPin(text: text) else { throw TeamTrustError.damagedPin(path: path) }
        return pin
    }

    /// Takes `log` as the change log of the team vault `vaultID`, kept at `path`, if it holds
    /// the pinned changes (or nothing is pinned yet and first sight is trusted), pinning it when
    /// it is new; throws `TeamTrustError` when it lacks pinned changes, or another team vault
    /// was used at `path`. Under a lock of its own, so that two commands never write an older
    /// pin over a newer one.
    /// `replacing` is for a team vault just made at `path`, which takes the place of any used
    /// there before.
    @discardableResult
    public func accept(_ log: TeamLog, vaultID: String, path: String, replacing: Bool = false) throws -> TeamPinOutcome {
        let pinFile = try file(vaultID: vaultID)
        try Paths.createFolders(folder + "/paths")
        let lock = try FileLock(path: folder + "/.lock", onWait: {})
        defer { withExtendedLifetime(lock) {} }
        let pathFile = file(path: path)
        let known = try read(pathFile)
        if let known, known != vaultID + "\n", !replacing {
            guard known.hasSuffix("\n"), LowercaseUUID.isValid(String(known.dropLast())) else { throw TeamTrustError.damagedPin(path: pathFile) }
            throw TeamTrustError.replaced(path: path, record: pathFile)
        }
        guard let pinned = try pin(vaultID: vaultID) else {
            guard trustsFirstSight else { throw TeamTrustError.notYetSeen(path: path) }
            try record(TeamPin(log).text, at: pinFile)
            try record(vaultID + "\n", at: pathFile)
            return .firstSeen
        }
        guard log.includes(pinned) else { throw TeamTrustError.rolledBack }
        if known != vaultID + "\n" { try record(vaultID + "\n", at: pathFile) }
        let new = TeamPin(log)
        guard new != pinned else { return .unchanged }
        try record(new.text, at: pinFile)
        return .newer(log.changes(after: pinned))
    }

    /// The text of the file at `path`, nil when there is none.
    private func read(_ path: String) throws -> String? {
        do {
            return String(decoding: try AtomicFile.read(path, limit: 64 * 1024), as: UTF8.self)
        } catch .fileMissing {
            return nil
        }
    }

    /// Writes `text` to `path`, replacing what was there.
    private func record(_ text: String, at path: String) throws {
        do {
            try Array(text.utf8).withUnsafeBytes { try AtomicFile.write($0, to: path) }
        } catch StoreError.notFlushed {
            // Written in place; at worst a crash now loses the pin, and the log seen next is
            // trusted as it is.
        }
    }
}

/// What `TeamPins.accept` made of a change log it took.
public enum TeamPinOutcome: Equatable, Sendable {
    /// Nothing was pinned for the vault: its members are trusted as they are, and pinned.
    case firstSeen
    /// The log holds the pinned changes and no others.
    case unchanged
    /// The log holds the pinned changes and these after them, and is pinned now.
    case newer([TeamChange])
}
