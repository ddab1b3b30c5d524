import VaultCore
import VaultSystem

/// Where the session's keys come from: the password source, the keyrings and the unlockers.
extension VaultSession {
    /// Proves the master password, never with a cached key, and keeps the derived key in
    /// `keyrings`: what `vault unlock` does.
    public func verifyPassword(keepingKeyIn keyrings: Keyrings) throws -> Envelope {
        let unlocker = Unlocker(passwordSource: passwordSource(), keyCache: keyrings, confirmCostlyDerivation: confirmCostlyDerivation)
        unlocker.passwordTried = recordPasswordTry
        return try store.verifyPassword(using: unlocker)
    }

    /// Where the master password comes from: `--password-file`, else `$VAULT_PASSWORD_FILE`,
    /// else the person at the terminal.
    public func passwordSource() -> PasswordSource {
        if let file = passwordFilePath {
            return PasswordFile(path: file, warn: context.diagnostics.warning)
        }
        return TerminalPasswordPrompt(context.terminal)
    }

    /// The file the master password is read from: `--password-file`, else
    /// `$VAULT_PASSWORD_FILE`; nil when the person at the terminal is asked.
    var passwordFilePath: String? {
        let file = selection.passwordFile ?? context.environment["VAULT_PASSWORD_FILE"]
        guard let file, !file.isEmpty else { return nil }
        return file
    }

    /// The keyrings' cache, unless `--no-keyring` or the config turn it off.
    public func keyCache() throws -> KeyCache {
        let config = try config()
        guard !selection.noKeyring && config.keyring else { return NoKeyCache() }
        return keyrings(lifetime: KeyLifetime(timeToLive: config.keyringTimeout, idle: config.keyringIdle))
    }

    /// The keyrings, keeping keys for `lifetime` (where `vault unlock` recorded none for the
    /// vault). A key that can be kept in neither is noted by the first command that could not
    /// keep it, once per vault on this machine (`NoKeyringNotes`), and never while a password
    /// file gives the password: nothing is asked then, and a script would hear the note on
    /// every call. `vault status` says it every time (`noKeyringNote`).
    public func keyrings(lifetime: KeyLifetime) -> Keyrings {
        let diagnostics = context.diagnostics
        let readsPasswordFile = passwordFilePath != nil
        let notes = NoKeyringNotes(stateHome: XDGFolders.stateHome(environment: context.environment))
        return context.keyrings.keyrings(lifetime: lifetime) { reason, vaultID in
            guard !readsPasswordFile, notes.firstTime(vaultID: vaultID) else { return }
            diagnostics.notice(Self.noKeyringNote(reason))
        }
    }

    /// What is said when neither keyring can keep the key, and `reason` why.
    public static func noKeyringNote(_ reason: String) -> String {
        "the key is not cached (\(reason)); the master password will be asked each time"
    }

    /// An unlocker for a copy of the vault under another master password (changed with
    /// `vault passwd` on another machine): it asks for that password (or reads the password
    /// file) and never touches the key cache.
    public func otherCopyUnlocker() -> Unlocker {
        Unlocker(passwordSource: passwordSource(), keyCache: NoKeyCache(),
                 prompt: "Master password of the other copy (changed there with vault passwd): ",
                 confirmCostlyDerivation: confirmCostlyDerivation)
    }

    /// The keyrings, when this command keeps away from them (`--no-keyring`) but the config
    /// uses them: a rotation must still remove the old key, which opens old backups.
    func keyringToClearOnRotation() throws -> KeyCache? {
        guard selection.noKeyring, try config().keyring else { return nil }
        return context.keyrings.keyrings()
    }

    /// A header asking for a key derivation past the limit is derived only when a person at
    /// the terminal agrees, having been told what it costs; without a terminal it is refused.
    var confirmCostlyDerivation: (KDFCost) throws -> Void {
        { [terminal = context.terminal] cost in
            guard let person = try? terminal.open() else {
                throw VaultOpenError.costlyKeyDerivation(description: cost.summaryWithEstimate(processors: Processors.online))
            }
            let question = "This vault asks for \(cost.summaryWithEstimate(processors: Processors.online)). A planted file would do this to pin the machine. Derive the key?"
            guard person.confirm(TerminalText.visible(question)) else { throw TerminalError.cancelled }
        }
    }
}
