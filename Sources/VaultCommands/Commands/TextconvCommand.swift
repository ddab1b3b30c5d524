import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync textconv FILE`: git's textconv for vault files.
struct TextconvCommand: VaultSubcommand {
    static let eventName = "sync textconv"

    static let configuration = CommandConfiguration(
        commandName: "textconv",
        abstract: "List a vault file's entries with fingerprints instead of values (git's textconv).",
        discussion: """
            Prints each entry's name, type and id, and for each part a keyed fingerprint of its \
            value (the same until passwd or rekey), so that `git diff` and `git log -p` show \
            which parts of which entries changed and nothing of what they hold. A version \
            written before a passwd or rekey is listed as encrypted under other keys. Run \
            vault unlock first, or each version shown asks for the password.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The vault file to list.")
    var file: String

    func run(in session: VaultSession) async throws {
        let context = session.context
        // Names may hold characters a terminal acts on: shown escaped, as everywhere else.
        let listing = try VaultListing.text(ofFile: file, using: try session.unlocker())
        try context.streams.write(TerminalText.visibleLines(listing))
    }
}
