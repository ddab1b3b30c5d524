import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault mv`: renames an entry.
struct MoveCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(commandName: "mv", abstract: "Rename an entry.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The current name.", completion: .entryName)
    var old: String

    @Argument(help: "The new name.", completion: .entryName)
    var new: String

    @Flag(help: "Replace an entry that already has the new name.")
    var force = false

    func run(in session: VaultSession) async throws {
        let context = session.context
        let from = try session.routed(old), to = try session.routed(new)
        guard from.prefix == to.prefix else { throw MountError.movesBetweenVaults(from.shownName, to.shownName) }
        let new = to.name
        try from.within { session, old in
            try session.mutate(entriesNamed: [old, new]) { entries in
                guard var entry = try entries.entry(named: old) else { throw EntryError.notFound(old) }
                guard old != new else { return }
                if entries.contains(new) && !force { throw EntryError.alreadyExists(new) }
                try entries.remove(named: old)
                entry.name = new
                entry.modified = context.now().toTheSecond
                try entries.put(entry)
            }
        }
        context.diagnostics.note("Renamed \(from.shownName) to \(to.shownName).")
    }
}
