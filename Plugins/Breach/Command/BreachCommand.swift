import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault breach`: whether passwords appear in known data breaches, or e-mail addresses in
/// breached accounts (`AccountBreachCheck`).
struct BreachCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "breach",
        abstract: "Check passwords, or accounts (e-mail addresses), against known data breaches (Have I Been Pwned).",
        discussion: """
            Passwords come from standard input, one per line (any number), or are asked for on \
            the terminal; --entry and --all check stored entries and report by name, with the \
            number of sightings rounded down to a power of ten.

            Only the first 5 characters of each password's SHA-1 are sent, to the Pwned \
            Passwords range API (https://api.pwnedpasswords.com, or --api-url, or \
            $VAULT_HIBP_API_URL, or breach_api_url in the config), which answers with every \
            hash in that range, padded so that the size of the answer says nothing. Passwords \
            that share a range cost one request; up to 8 requests run at once. With --offline \
            (or breach_offline in the config) nothing leaves the machine: the check reads a \
            downloaded copy, either the file of SHA1:COUNT lines ordered by hash or the folder \
            of range files the official downloader writes.

            A password that could not be checked (no network, no answer within --timeout \
            seconds, an error from the API, a file that is not the right kind) is never \
            reported as not breached: the command stops with an error. Exit status: 0 when nothing was found, 10 when some password is \
            breached, 1 on an error, 4 when --entry names no entry, 64 for a usage error.

            --account EMAIL and --accounts (every user name or plain custom field of the vault \
            that is an e-mail address) ask Have I Been Pwned's breached-account API, which is \
            sent each address in clear and needs an API key: the password of the entry \
            hibp/api-key (or --api-key-entry), never given on the command line. Addresses are \
            asked one at a time, with up to 300 s of waiting for rate limits in all. Exit \
            status: 10 when an address is in a known breach, 4 when the key's entry is missing.
            """)

    @OptionGroup var vault: VaultOptions

    @OptionGroup var selection: EntrySelection

    @Option(help: ArgumentHelp("Check against a downloaded copy (a SHA1:COUNT file ordered by hash, or a folder of range files) instead of the API.", valueName: "path"))
    var offline: String?

    @Option(name: .customLong("api-url"), help: ArgumentHelp("The range API to ask (a mirror, or a test server).", valueName: "url"))
    var apiURL: String?

    @Option(help: ArgumentHelp("Seconds to wait for each answer of the API (not used with --offline).", valueName: "seconds"))
    var timeout = RangeClient.defaultTimeout

    @OptionGroup var accounts: AccountOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if accounts.isChosen && (selection.isChosen || offline != nil || apiURL != nil) {
            throw ValidationError("--account and --accounts check addresses, not passwords: they do not go with --entry, --all, --offline or --api-url")
        }
        if !(1...600).contains(timeout) { throw ValidationError("--timeout must be between 1 and 600 seconds") }
        if offline != nil && apiURL != nil { throw ValidationError("--offline and --api-url do not go together") }
        if let apiURL {
            do { _ = try RangeClient.normalized(apiURL) } catch { throw ValidationError(error.message) }
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        if accounts.isChosen { return try await runAccounts(in: session) }
        let source = SourceChoice.resolve(offline: offline, apiURL: apiURL, environment: context.environment,
                                          config: try session.config(), timeout: timeout)
        let out = OutputBuffer(streams: context.streams)
        defer { try? out.flush() }
        var breached = 0, skipped = 0
        if selection.isChosen {
            breached = try await checkEntries(with: source, session: session, out: out)
        } else if context.streams.inputIsTerminal {
            let secret = try context.terminal.open().readSecret(prompt: "Password to check: ", confirm: false, what: "the password")
            let hash = secret.withUnsafeBytes { PasswordHash(of: $0) }
            let count = try await source.counts(for: [hash], progressOn: context.streams)[0]
            try output.show(BreachReport(count: count, line: nil), on: out)
            breached = count > 0 ? 1 : 0
        } else {
            (breached, skipped) = try await checkStandardInput(with: source, context: context, out: out)
        }
        try out.flush()
        if skipped > 0 { throw ExitCode(ExitStatus.failure.rawValue) }
        if breached > 0 { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// The account check; exit 10 when some address is in a known breach.
    private func runAccounts(in session: VaultSession) async throws {
        let out = OutputBuffer(streams: session.context.streams)
        defer { try? out.flush() }
        let found = try await AccountBreachCheck(options: accounts, timeout: timeout).run(in: session, output: output, out: out)
        try out.flush()
        if found > 0 { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// Batch mode: every non-blank line is a password, hashed as soon as it is read (only the
    /// hashes are kept); then all are checked at once, so that lines sharing a range share a
    /// request, and reported in input order. Returns how many were breached and how many lines
    /// were skipped.
    private func checkStandardInput(
        with source: SourceChoice, context: CommandContext, out: OutputBuffer
    ) async throws -> (breached: Int, skipped: Int) {
        var lines: [(number: Int, hash: PasswordHash)] = []
        let skipped = try PasswordLines.forEach(in: context, output: out) { number, line in lines.append((number, PasswordHash(of: line))) }
        let counts = try await source.counts(for: lines.map(\.hash), progressOn: context.streams)
        for (line, count) in zip(lines, counts) { try output.show(BreachReport(count: count, line: line.number), on: out) }
        return (counts.count { $0 > 0 }, skipped)
    }

    private func checkEntries(with source: SourceChoice, session: VaultSession, out: OutputBuffer) async throws -> Int {
        let chosen = try selection.passwords(in: session)
        let counts = try await source.counts(for: chosen.map { PasswordHash(of: $0.password.utf8) }, progressOn: session.context.streams)
        for ((entry, _), count) in zip(chosen, counts) { try output.show(BreachEntryReport(entry: entry.name, count: count), on: out) }
        return counts.count { $0 > 0 }
    }
}
