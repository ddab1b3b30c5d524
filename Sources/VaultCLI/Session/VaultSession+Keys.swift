import VaultCore
import VaultSystem

/// Where the session's keys come from: the password source, the keyrings and the unlockers.
extension VaultSession {
    /// Proves the master password, never with a cached key, and keeps the derived key in
    /// `keyrings`: what `vault unlock` does.
    public func verifyPassword(keepingKeyIn keyrings: Keyrings) throws -> Envelope {
        let unlocker = Unlocker(passwordSource: passwordSource(), keyCache: keyrings, confirmCostlyDerivation: confirmCostlyDerivation)
        return try store.verifyPassword(using: unlocker)
    }

    /// Where the master password comes from: `--password-file`, else `$VAULT_PASSWORD_FILE`,
    /// else the person at the terminal.
    public func passwordSource() -> PasswordSource {
        let file = selection.passwordFile ?? context.environment["VAULT_PASSWORD_FILE"]
        if let file, !file.isEmpty {
            return PasswordFile(path: file, warn: context.diagnostics.warning)
        }
        return TerminalPasswordPrompt(context.terminal)
    }

    /// The keyrings' cache, unless `--no-keyring` or the config turn it off.
    public func keyCache() throws -> KeyCache {
        let config = try config()
        guard !selection.noKeyring && config.keyring else { return NoKeyCache() }
        return keyrings(lifetime: KeyLifetime(timeToLive: config.keyringTimeout, idle: config.keyringIdle))
    }

    /// The keyrings, keeping keys for `lifetime` (where `vault unlock` recorded none for the
    /// vault); a key that can be kept in neither is noted once.
    public func keyrings(lifetime: KeyLifetime) -> Keyrings {
        let diagnostics = context.diagnostics
        return context.keyrings.keyrings(lifetime: lifetime) { reason in
            diagnostics.notice("the key is not cached (\(reason)); the master password will be asked each time")
        }
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
