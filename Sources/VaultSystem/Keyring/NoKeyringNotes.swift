import VaultCore

/// The vaults for which this machine has said that no keyring can keep the key: the note is
/// worth saying once per vault, not on every command of a script. One empty file per vault id
/// in `$XDG_STATE_HOME/vault/no-keyring-noted/` (mode 0600): it holds nothing, and its name is
/// the vault's id, which is no secret (it is in the vault file's clear header).
public struct NoKeyringNotes: Sendable {
    public let folder: String

    /// The records under the state home `stateHome` (`$XDG_STATE_HOME`, else `~/.local/state`).
    public init(stateHome: String) {
        folder = stateHome + "/vault/no-keyring-noted"
    }

    /// Records that the note is said for `vaultID` (a UUID, as `Envelope` requires, never a
    /// path); true when it had not been said before. Also true when the record cannot be
    /// made (a state folder that cannot be written), so that the note is said again rather
    /// than never; two commands at once cannot both be first, as the file is made exclusively.
    public func firstTime(vaultID: String) -> Bool {
        do {
            try Paths.createFolders(folder)
            try [UInt8]().withUnsafeBytes { try AtomicFile.write($0, to: folder + "/" + vaultID, exclusive: true, durable: false) }
            return true
        } catch StoreError.fileExists {
            return false
        } catch {
            return true
        }
    }
}
