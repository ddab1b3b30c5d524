import ArgumentParser
import VaultCLI

/// `vault attach`: files kept with an entry, each sealed on its own beside the vault.
struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Keep files with an entry: recovery codes, scans, key files.",
        discussion: """
            `vault attach add ENTRY FILE...` keeps each file with the entry, sealed on its own \
            beside the vault (never on disk in plain text), a photo (JPEG, PNG, WebP) without \
            its location, device and author metadata unless --keep-metadata is given; \
            `vault attach ls ENTRY` lists them, `vault attach get ENTRY NAME` writes one back \
            (a new file of mode 0600, or standard output), `vault attach rm ENTRY NAME` removes \
            one. A file above 10 MiB is kept with a warning, and one above "attachments": \
            {"max_mib": N} in the config (100 by default) is refused. See README, "Attachments".
            """,
        subcommands: [AttachAddCommand.self, AttachListCommand.self, AttachGetCommand.self, AttachRemoveCommand.self])
}
