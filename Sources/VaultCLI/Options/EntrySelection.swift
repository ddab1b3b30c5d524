import VaultCore
import VaultSystem
import ArgumentParser

/// `--entry NAME | --all`: the stored passwords an analyzer command (`vault entropy`, `vault
/// breach`) checks instead of standard input. Entries without a password cannot be checked:
/// naming one is an error, and `--all` says how many it passed over.
public struct EntrySelection: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Check a stored entry's password.", valueName: "name"), completion: .entryName)
    public var entry: String?

    @Flag(help: "Check every stored entry's password.")
    public var all = false

    public func validate() throws {
        if entry != nil && all { throw ValidationError("--entry and --all do not go together") }
    }

    /// Whether stored entries were asked for at all.
    public var isChosen: Bool { entry != nil || all }

    /// The chosen entries that have a password, with it.
    public func passwords(in session: VaultSession) throws -> [(entry: Entry, password: String)] {
        if let entry {
            // A name under a mount's prefix is the team vault's entry.
            let routed = try session.routed(entry)
            var stored = try routed.within { vault, name in try vault.entry(givenAs: name) }
            stored.name = routed.shown(stored.name)
            guard let password = stored.password else { throw EntrySelectionError.noPassword(stored.name) }
            return [(stored, password)]
        }
        let entries = try session.open().entries.allEntries()
        let chosen = entries.compactMap { entry in entry.password.map { (entry, $0) } }
        let skipped = entries.count - chosen.count
        if entries.isEmpty {
            session.diagnostics.notice("the vault has no entries to check")
        } else if skipped > 0 {
            session.diagnostics.notice("\(skipped) entr\(skipped == 1 ? "y has" : "ies have") no password to check")
        }
        return chosen
    }
}

/// An entry that cannot be checked.
public enum EntrySelectionError: VaultFailure, Equatable {
    case noPassword(String)

    public var message: String {
        switch self {
        case .noPassword(let name): "'\(TerminalText.visible(name))' has no password to check"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
