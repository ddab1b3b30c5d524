import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault pick`: an interactive fuzzy finder over the entries, on the controlling terminal.
struct PickCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Find an entry interactively and copy its password.",
        discussion: """
            Opens a fuzzy finder on the terminal (/dev/tty, so standard input and output may be \
            pipes). Type to filter: the letters typed must appear in order, not necessarily \
            together, in an entry's name, username or URL, ignoring case; entries whose name \
            matches come first, the closest matches (letters together, at the start of words) \
            first among them. Up and Down (or Ctrl-P and Ctrl-N), Page Up and Page Down move the \
            selection; Backspace, Ctrl-W and Ctrl-U edit the text. Enter copies the selected \
            entry's password to the clipboard as vault get NAME --clip does (cleared after 45 \
            seconds); with --print it prints the entry's name on standard output instead, for \
            scripts. Esc, Ctrl-C or Ctrl-G leave without a choice and exit 130, as fzf does. The \
            finder draws on the terminal's alternate screen, which is gone when it ends. \
            Passwords are never shown.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "Start with this text typed in.")
    var query: String?

    @Flag(name: .customLong("print"), help: "Print the chosen entry's name instead of copying its password.")
    var printName = false

    @OptionGroup var clipboard: ClipSettings

    func validate() throws {
        if printName && (clipboard.clipTimeout != nil || clipboard.clipBackend != nil) {
            throw ValidationError("--clip-timeout and --clip-backend do not go with --print")
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let entries = try session.open().entries
        if !printName { try clipboard.ensureAvailable(in: context) }
        let state = PickerState(candidates: try entries.allEntries().map(PickerCandidate.init), pattern: query ?? "")
        let outcome: PickerOutcome
        do {
            let screen = try context.terminal.openScreen()
            defer { screen.close() }
            outcome = try Picker.run(state, on: screen)
        }
        guard case .chosen(let name) = outcome else { throw ExitCode(ExitStatus.cancelled.rawValue) }
        if printName {
            try context.streams.write(name + "\n")
            return
        }
        guard let entry = try entries.entry(named: name) else { throw EntryError.notFound(name) }
        let password = try EntryField.value(of: "password", in: entry)
        try clipboard.copy(password, describing: name, in: session)
        session.record(.reveal, entry: name, detail: RevealDetail.text("password", clip: true))
    }
}
