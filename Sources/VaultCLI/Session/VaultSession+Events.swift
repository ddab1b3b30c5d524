import VaultCore
import VaultSystem

/// The security log of the session's vault on this machine (`EventLogFiles`): what commands
/// record in it, and how they read it.
extension VaultSession {
    /// The log's files, kept to the config's limits.
    public func eventLog() throws -> EventLogFiles {
        EventLogFiles(vaultPath: store.path, limits: try config().eventLog)
    }

    /// Why the command is run: `--reason`, else `$VAULT_REASON` (made a reason if need be).
    public var reason: String? {
        if let given = selection.reason { return given }
        return context.environment["VAULT_REASON"].flatMap(ReasonText.sanitized)
    }

    /// Records an event of `kind` about `entry` (with `detail`) by this command (or `command`),
    /// with the reason the command was given, in the log of the session's vault file, sealed
    /// to the log key of `header` (the one a password was tried on) or else of the file's.
    /// Nothing is recorded when there is no vault file, when `header` is another vault's (a
    /// merge driver's copies, under a vault path of another vault), or when the header has no
    /// log key (a file written before format version 7, until its next change). A log that
    /// cannot be written is a warning, not a failure: the command did its work, and a script
    /// must not take it for undone.
    public func record(_ kind: SecurityEvent.Kind, entry: String? = nil, detail: String? = nil, command: String? = nil, header: Envelope? = nil) {
        do {
            let file: (vaultID: String, logKey: [UInt8]?)
            do {
                file = try store.logRecipient()
            } catch StoreError.vaultMissing {
                return
            }
            guard header == nil || header?.id == file.vaultID, let logKey = header?.logKey ?? file.logKey else { return }
            let event = SecurityEvent(milliseconds: Stamp.milliseconds(of: context.now()), kind: kind, command: command ?? self.command,
                                      entry: entry, reason: reason, detail: detail)
            let anchor = try eventLog().append(event, device: try deviceID(), vaultID: file.vaultID, publicKey: logKey)
            recordedEvents.insert(anchor.count)
        } catch {
            diagnostics.warning("the security log could not be written: \((error as? VaultFailure)?.message ?? "\(error)")")
        }
    }

    /// What the unlockers of the session tell of each master password tried: a failed attempt
    /// or an unlock, recorded once per command each.
    var recordPasswordTry: (Envelope, Bool) -> Void {
        { [weak self] header, opened in
            guard let self else { return }
            let kind: SecurityEvent.Kind = opened ? .unlock : .passwordFailed
            guard !recordedPasswordTries.contains(kind) else { return }
            recordedPasswordTries.insert(kind)
            record(kind, header: header)
        }
    }
}
