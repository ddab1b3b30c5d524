import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultKit

/// `vault mv`: renames an entry.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mv", abstract: "Rename an entry.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The current name.")
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @Flag(help: "Replace an entry that already has the new name.")
    var force = false

    func run() throws {
        let old = try EntryName.normalized(old)
        let new = try EntryName.normalized(new)
        try vault.store().mutate(using: try vault.unlocker()) { entries in
            guard var entry = try entries.entry(named: old) else { throw EntryError.notFound(old) }
            guard old != new else { return }
            if entries.contains(new) && !force { throw EntryError.alreadyExists(new) }
            entries.remove(named: old)
            entry.name = new
            entry.modified = .nowToTheSecond
            try entries.put(entry)
        }
        Diagnostics.note("Renamed \(old) to \(new).")
    }
}
