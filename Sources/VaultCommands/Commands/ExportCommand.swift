import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Interchange
import VaultCLI
import VaultCore
import VaultSystem

/// `vault export`: a plaintext backup of every entry, in vault's format or one another
/// password manager imports.
struct ExportCommand: VaultSubcommand {
    /// A plaintext export proves the master password itself.
    static let keyAccess = KeyAccess.passwordAgain(action: "exporting the vault in plain text")

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a plaintext backup of the vault.",
        discussion: """
            The backup holds every password unencrypted. The file is created with mode 0600 \
            and never overwritten without --force. Always asks for the master password (from \
            the terminal, --password-file or VAULT_PASSWORD_FILE), even when the key is in the \
            keyring. Asks for confirmation on a terminal; needs --yes otherwise. --format \
            vault-json (the default) is described in docs/format.md; bitwarden-json and \
            keepass-xml are for moving to Bitwarden or KeePassXC (and read back by vault \
            import), csv for a spreadsheet (docs/import.md).
            """)

    @OptionGroup var vault: VaultOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "file"))
    var output: String?

    @Flag(help: "Write the backup to standard output instead.")
    var stdout = false

    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    @Flag(help: "Overwrite an existing file.")
    var force = false

    @Option(help: "The file's format.")
    var format: ExportFormat = .vaultJSON

    func validate() throws {
        if (output == nil) == !stdout {
            throw ValidationError("give either --output FILE or --stdout")
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let file = output.map { SecretOutputFile(path: $0, force: force) }
        try file?.checkFree()
        // Rendered first: an entry the format cannot carry stops the export before anyone is
        // asked. The entries and their attachments' contents come from one read of the file.
        var data: [UInt8] = []
        defer { Sodium.wipe(&data) }
        let entries = try session.open { vault, contents in
            let entries = try vault.entries.allEntries()
            data = try Exporter.render(entries, as: format, exported: context.now().toTheSecond) { attachment in
                try contents.open(attachment).withUnsafeBytes { Array($0) }
            }
            return entries
        }
        let attachments = entries.reduce(0) { $0 + $1.attachments.count }
        if attachments > 0 && format != .vaultJSON && format != .keepassXML {
            context.diagnostics.warning("\(attachments) attachment\(attachments == 1 ? " is" : "s are") left out: only vault-json and keepass-xml carry them")
        }
        context.diagnostics.warning("the export is NOT encrypted: it holds every password in plain text")
        if !yes {
            try Confirmation.require("Export \(entries.count) entries in plain text?", otherwise: "a plaintext export", in: context)
        }
        if let file {
            try file.write(data)
            context.diagnostics.note("Exported \(entries.count) \(entries.count == 1 ? "entry" : "entries") to \(file.path). Delete it when you no longer need it.")
        } else {
            try context.streams.write(data)
        }
        session.record(.export, detail: "\(entries.count) \(entries.count == 1 ? "entry" : "entries") as \(format.rawValue), " + (file.map { "to \($0.path)" } ?? "to standard output"))
    }
}

extension ExportFormat: ExpressibleByArgument {}
