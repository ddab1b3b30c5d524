import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault entropy`: how many guesses passwords need, and why.
struct EntropyCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "entropy",
        abstract: "Estimate how hard passwords are to guess, and explain why.",
        discussion: """
            Passwords come from standard input, one per line (any number), or are asked for on \
            the terminal; each verdict shows the parts of the password that explain it. \
            --entry and --all check stored entries and print only names, scores and rough \
            crack times, never a password, its parts, or details that would narrow it down; \
            to see why a stored password is weak, run vault get NAME | vault entropy.

            The estimate models how attackers guess: ranked lists of common passwords, English \
            words, names and surnames, and common passwords and frequent words of other \
            languages (also reversed, capitalised or with l33t substitutions), words typed with \
            the wrong keyboard layout active or typed as Zhuyin keys, famous phrases, keyboard \
            walks on QWERTY, QWERTZ, AZERTY, Dvorak, keypads and the Cyrillic, Greek, Hebrew and \
            Arabic keyboards (also column by column and row after row), repeats, sequences, \
            counting in digits and in words, digits of famous constants, dates and years, and \
            brute force for the rest, charged by the size of its alphabet when it looks random; \
            it picks the cheapest explanation of the whole password and shows it part by part. \
            Scores: 0 under 10^3 guesses, 1 under 10^6, 2 under 10^8, 3 under 10^10, 4 beyond; \
            a password of three characters or fewer scores 2 at most. Length is counted in \
            grapheme clusters (what a person sees as characters) after NFC normalisation.

            Blank lines are ignored. A line that is not valid UTF-8 or is longer than 64 KiB is \
            reported on standard error and skipped, the other lines are still checked, and the \
            exit status is then 1. Exit status: 0 when every password scores at least \
            --min-score (3 unless given), 10 when some password scores lower, 1 on an error \
            (also for no password at all on standard input, or an entry without a password), \
            4 when --entry names no entry, 64 for a usage error.
            """)

    @OptionGroup var vault: VaultOptions

    @OptionGroup var selection: EntrySelection

    @Option(help: ArgumentHelp("The lowest score that passes (0-4): lower scores make the exit status 10.", valueName: "score"))
    var minScore = 3

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(0...4).contains(minScore) { throw ValidationError("--min-score must be between 0 and 4") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let estimator = StrengthEstimator(referenceYear: StrengthEstimator.year(of: context.now()))
        var tally = Tally(minimumScore: minScore)
        // Whatever was estimated is printed, even when something later fails.
        let out = OutputBuffer(streams: context.streams)
        defer { try? out.flush() }
        if selection.isChosen {
            try checkEntries(with: estimator, tally: &tally, session: session, out: out)
        } else if context.streams.inputIsTerminal {
            let secret = try context.terminal.open().readSecret(prompt: "Password to check: ", confirm: false, what: "the password")
            let password = try secret.withUnsafeBytes { bytes -> String in
                guard let text = String(validating: bytes, as: UTF8.self) else { throw EntropyError.notText(line: nil) }
                return text
            }
            try show(PasswordReport(estimate: estimator.estimate(password)), tally: &tally, out: out)
        } else {
            try checkStandardInput(with: estimator, tally: &tally, context: context, out: out)
        }
        try out.flush()
        if tally.skippedLines > 0 { throw ExitCode(ExitStatus.failure.rawValue) }
        if tally.weak > 0 { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// Batch mode: every non-blank line is a password. Lines that are not UTF-8 are reported by
    /// number (after the results before them) and skipped, like over-long ones.
    private func checkStandardInput(
        with estimator: StrengthEstimator, tally: inout Tally, context: CommandContext, out: OutputBuffer
    ) throws {
        func skip(_ error: EntropyError) throws {
            try out.flush()
            context.diagnostics.error(error.message)
            tally.skippedLines += 1
        }
        let tooLong = try PasswordLines.forEach(in: context, output: out) { number, line in
            guard let password = String(validating: line, as: UTF8.self) else { return try skip(.notText(line: number)) }
            try show(PasswordReport(estimate: estimator.estimate(password), line: number), tally: &tally, out: out)
        }
        tally.skippedLines += tooLong
    }

    private func checkEntries(
        with estimator: StrengthEstimator, tally: inout Tally, session: VaultSession, out: OutputBuffer
    ) throws {
        for (entry, password) in try selection.passwords(in: session) {
            try show(EntryReport(estimate: estimator.estimate(password, userWords: EntryWords.of(entry)), entry: entry.name),
                     tally: &tally, out: out)
        }
    }

    private func show(_ report: some EstimateReport, tally: inout Tally, out: OutputBuffer) throws {
        tally.count(report.estimate)
        try output.show(report, on: out)
    }
}

/// What the exit status depends on.
struct Tally {
    let minimumScore: Int
    var weak = 0
    var skippedLines = 0

    mutating func count(_ estimate: StrengthEstimate) {
        if estimate.score < minimumScore { weak += 1 }
    }
}
