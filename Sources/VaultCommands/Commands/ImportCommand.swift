import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultKit

/// `vault import`: reads a backup back, all or nothing.
struct ImportCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import entries from a backup.",
        discussion: """
            Reads a vault-json export (FILE, or - for standard input). The whole file is checked \
            before anything is written: a problem anywhere imports nothing. Entries whose names \
            exist already stop the import unless --on-conflict says what to do with them.
            """)

    /// What to do with an imported entry whose name is taken.
    enum ConflictPolicy: String, ExpressibleByArgument, CaseIterable {
        case skip, overwrite, rename
    }

    /// The formats `import` reads.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case vaultJSON = "vault-json"
    }

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The backup file, or - for standard input.")
    var file: String

    @Option(help: "The backup's format.")
    var format: Format = .vaultJSON

    @Option(help: "What to do when an entry's name is taken: skip, overwrite or rename.")
    var onConflict: ConflictPolicy?

    func run(in context: CommandContext) async throws {
        // A plaintext backup: its bytes are wiped once it is parsed.
        var bytes = file == "-" ? try context.streams.readAll() : try AtomicFile.read(file)
        defer { Sodium.wipe(&bytes) }
        var data = Data(bytes)
        defer { data.resetBytes(in: 0..<data.count) }
        let imported = try ExportReader.entries(from: data)
        var counts = (added: 0, skipped: 0, replaced: 0, renamed: 0)
        try vault.store(in: context).mutate(using: try vault.unlocker(in: context)) { entries in
            let conflicts = imported.map(\.name).filter(entries.contains)
            if !conflicts.isEmpty && onConflict == nil { throw ImportError.conflicts(conflicts) }
            for var entry in imported {
                if entries.contains(entry.name) {
                    switch onConflict {
                    case .skip?: counts.skipped += 1; continue
                    case .overwrite?: counts.replaced += 1
                    case .rename?, nil:
                        entry.name = try freeName(for: entry.name, in: entries)
                        counts.renamed += 1
                    }
                } else {
                    counts.added += 1
                }
                try entries.put(entry)
            }
        }
        context.diagnostics.note("Imported \(imported.count - counts.skipped) of \(imported.count) entries (\(counts.added) new, \(counts.replaced) replaced, \(counts.renamed) renamed, \(counts.skipped) skipped).")
    }

    /// `NAME (2)`, `NAME (3)`, … whichever is free first; a name too long for the suffix is
    /// shortened first, so the new name is always a valid one.
    private func freeName(for name: String, in entries: EntryTable) throws -> String {
        var number = 2
        while true {
            let suffix = " (\(number))"
            var base = name
            while base.utf8.count + suffix.utf8.count > EntryName.maximumLength { base.removeLast() }
            while base.hasSuffix("/") { base.removeLast() }
            let candidate = try EntryName.normalized(base + suffix)
            if !entries.contains(candidate) { return candidate }
            number += 1
        }
    }
}
