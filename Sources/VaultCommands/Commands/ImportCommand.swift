import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Interchange
import VaultCLI
import VaultCore
import VaultSystem

/// `vault import`: reads a backup, or another password manager's export, all or nothing.
struct ImportCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import entries from a backup or from another password manager.",
        discussion: """
            Reads FILE (or - for standard input, or a folder for a password store): a vault \
            export (vault-json), a password store of pass or gopass (pass: decrypted with gpg, \
            whose agent must hold the key), or an export of Bitwarden (bitwarden-json, \
            bitwarden-csv), KeePassXC and KeePass (keepass-xml, keepassxc-csv), Chrome, Edge or \
            Brave (chrome-csv), Firefox (firefox-csv), LastPass (lastpass-csv) or 1Password \
            (1password-1pux). Without --format the format is told from the content; a file that \
            could be several is refused. The whole file is checked before anything is written: a bad record \
            anywhere imports nothing, and the message names it. Names that are not valid or \
            come twice are changed, and every change is listed. Entries whose names exist \
            already stop the import unless --on-conflict says what to do with them. \
            docs/import.md says where each field of each format goes.
            """)

    /// What to do with an imported entry whose name is taken.
    enum ConflictPolicy: String, ExpressibleByArgument, CaseIterable {
        case skip, overwrite, rename
    }

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The backup file, or - for standard input.")
    var file: String

    @Option(help: "The file's format (default: told from the content).")
    var format: ImportFormat?

    @Option(help: "What to do when an entry's name is taken: skip, overwrite or rename.")
    var onConflict: ConflictPolicy?

    func run(in session: VaultSession) async throws {
        let context = session.context
        let result: Importer.Result
        var info = stat()
        if file != "-", stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            // A folder is a password store, decrypted entry by entry with the user's gpg.
            if let format, format != .pass { throw InterchangeError.folderGiven(file, format) }
            result = try Importer.read(folder: file, decryptor: GPGDecryptor(environment: context.environment), now: context.now().toTheSecond)
        } else {
            // A plaintext backup: its bytes are wiped once it is parsed.
            var bytes = file == "-" ? try context.streams.readAll() : try AtomicFile.read(file)
            defer { Sodium.wipe(&bytes) }
            result = try Importer.read(bytes, format: format, now: context.now().toTheSecond,
                                       fileLimit: try session.config().attachmentsMaxMiB << 20)
        }
        let imported = result.entries
        for rename in result.renames { report(rename, in: context) }
        var counts = (added: 0, skipped: 0, replaced: 0)
        var renames: [ImportNames.Rename] = []
        let limitMiB = try session.config().attachmentsMaxMiB
        for item in result.items {
            if let file = item.files.first(where: { $0.data.count > limitMiB << 20 }) {
                throw AttachError.importedTooLarge(entry: item.entry.name, name: file.name, limitMiB: limitMiB)
            }
        }
        try session.mutateWithAttachments(entriesNamed: nil) { entries, storage in
            let conflicts = imported.map(\.name).filter(entries.contains)
            if !conflicts.isEmpty && onConflict == nil { throw ImportError.conflicts(conflicts) }
            var numbering = ImportNames.Numbering()
            // An id the vault already has (the same backup imported twice) is not taken again.
            var ids = Set(try entries.allEntries().map(\.id))
            for item in result.items {
                var entry = item.entry
                var replacing = false
                if entries.contains(entry.name) {
                    switch onConflict {
                    case .skip?: counts.skipped += 1; continue
                    case .overwrite?:
                        // The entry replaced keeps its identity: the import is a change of it.
                        counts.replaced += 1
                        replacing = true
                        entry.id = try entries.entry(named: entry.name)?.id ?? entry.id
                    case .rename?, nil:
                        entry.name = numbering.free(entry.name, taken: entries.contains)
                        renames.append(ImportNames.Rename(record: item.record, from: item.entry.name, to: entry.name,
                                                          reason: "an entry in the vault has the same name"))
                    }
                } else {
                    counts.added += 1
                }
                if !replacing && ids.contains(entry.id) { entry.id = Entry.newID() }
                // An entry replaced by one without files (from a format that carries none) keeps
                // its attachments, as `add --force` does.
                let kept = replacing && item.files.isEmpty ? try entries.entry(named: entry.name)?.attachments ?? [] : []
                entry.attachments = try kept + item.files.map { file in
                    Attachment(name: file.name, content: try file.data.withUnsafeBytes(storage.store), size: file.data.count,
                               type: file.type, added: file.added)
                }
                ids.insert(entry.id)
                try entries.put(entry)
            }
        }
        // Listed once they are written: a failed write renamed nothing.
        for rename in renames { report(rename, in: context) }
        session.record(.import, detail: "\(imported.count - counts.skipped) of \(imported.count) from \(result.format.rawValue) (\(counts.added) new, \(counts.replaced) replaced, \(renames.count) renamed, \(counts.skipped) skipped)")
        context.diagnostics.note("Imported \(imported.count - counts.skipped) of \(imported.count) \(imported.count == 1 ? "entry" : "entries") from \(result.format.rawValue) (\(counts.added) new, \(counts.replaced) replaced, \(renames.count) renamed, \(counts.skipped) skipped).")
    }

    /// Tells of one name that changed, on standard error (as every message, made safe to show).
    private func report(_ rename: ImportNames.Rename, in context: CommandContext) {
        context.diagnostics.note("\(rename.record): named '\(rename.to)' (\(rename.reason): '\(rename.from)')")
    }
}

extension ImportFormat: ExpressibleByArgument {}
