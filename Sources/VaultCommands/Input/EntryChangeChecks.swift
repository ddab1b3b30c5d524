import VaultCLI
import VaultCore
import VaultSystem

/// What `add` and `edit` check before a person types anything, so that nobody types a
/// password in vain: the name, a generator policy that can be met, a clipboard that can be
/// used, and, when a person at the terminal is about to type, whether the entry is there as
/// the command needs it (checked again under the lock when the change is written).
enum EntryChangeChecks {
    /// Whether the command needs the entry to be there already.
    enum Presence {
        case absent
        case present
    }

    /// The normalised name, once every check passed; `presence` nil checks nothing of the entry.
    static func check(
        _ rawName: String, entry presence: Presence?, generator: GenerateOptions, clipboard: ClipOptions, in session: VaultSession
    ) throws -> String {
        let name = try EntryName.normalized(rawName)
        try generator.checkPolicy(in: session.context)
        if clipboard.clip { try clipboard.ensureAvailable(in: session.context) }
        guard let presence, session.context.streams.inputIsTerminal else { return name }
        switch (presence, try session.entry(named: name) != nil) {
        case (.absent, true): throw EntryError.alreadyExists(name)
        case (.present, false): throw EntryError.notFound(name)
        default: return name
        }
    }
}
