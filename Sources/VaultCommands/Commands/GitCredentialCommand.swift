import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault git-credential get|store|erase`: git's credential helper (`git-credential-vault`,
/// which git runs for `credential.helper vault`), on entries named `git/HOST[/PATH]` and on
/// logins whose URL matches.
struct GitCredentialCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "git-credential",
        abstract: "Answer git's credential requests (git's credential helper).",
        discussion: """
            Run by git through git-credential-vault, which `make install` puts beside vault: \
            `git config --global credential.helper vault`. git writes key=value lines on \
            standard input up to a blank line (protocol, host, path, username, password, \
            password_expiry_utc; other keys are ignored). get prints username= and password= \
            (and password_expiry_utc= when git gave one) of the entry that answers, or nothing: \
            git/USER@HOST/PATH, git/HOST/PATH (with credential.useHttpPath), git/USER@HOST, \
            git/HOST, then other entries whose URL has the path, then the host, then \
            git/USER@*.DOMAIN and git/*.DOMAIN for a host one label below DOMAIN; the host and \
            port must be git's exactly (git/example.com never answers evil.example.com). store saves a \
            login that worked in git/HOST[/PATH] (the replaced password goes to the history) unless the answering entry holds it already; erase \
            moves a refused password to the history of the git/… entry that holds exactly it. \
            Entries not named git/… are never changed. When the key is not cached and there is \
            no terminal to ask for the master password on (or GIT_TERMINAL_PROMPT=0), it \
            prints nothing and exits 0, and git asks the person itself. Other actions are \
            ignored, as git's protocol asks. See docs/git-credential.md.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("What git asks: get, store or erase.", valueName: "action"))
    var action: String

    func run(in session: VaultSession) async throws {
        guard ["get", "store", "erase"].contains(action) else { return }
        let context = session.context
        let request = try GitCredentialReader.read(from: context.streams.input)
        let session = Self.promptsDisabled(context.environment) ? session.withoutTerminal() : session
        let now = context.now()
        do {
            switch action {
            case "get":
                guard let entry = try GitCredentialLookup(request: request, now: now).answer(in: session.open().entries) else { return }
                let answer = GitCredential(username: entry.username, password: entry.password, passwordExpiry: entry.gitPasswordExpiry)
                try context.streams.write(try answer.encoded(entry: entry.name))
                session.record(.reveal, entry: entry.name, detail: "login for git (\(request.host ?? "no host"))")
            case "store":
                try change(in: session) { entries in try GitCredentialChange.store(request, in: entries, now: now) }
            default:
                try change(in: session) { entries in try GitCredentialChange.erase(request, in: entries, now: now) }
            }
        } catch InputError.locked {
            // No key and nobody to ask: git asks the person itself.
        }
    }

    /// Puts the entry `plan` works out, if any: worked out first on the vault as it is, so that
    /// a login git has from this vault already is not written again, then again under the lock.
    private func change(in session: VaultSession, _ plan: (EntryTable) throws -> Entry?) throws {
        guard try plan(session.open().entries) != nil else { return }
        try session.mutate { entries in
            if let entry = try plan(entries) { try entries.put(entry) }
        }
    }

    /// Whether GIT_TERMINAL_PROMPT says git must not ask on the terminal, read as git reads a
    /// boolean: false, no, off, 0 or empty.
    static func promptsDisabled(_ environment: [String: String]) -> Bool {
        guard let value = environment["GIT_TERMINAL_PROMPT"]?.lowercased() else { return false }
        return ["false", "no", "off", ""].contains(value) || Int(value) == 0
    }
}
