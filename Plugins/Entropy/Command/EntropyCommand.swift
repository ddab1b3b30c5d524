import ArgumentParser
import VaultCore

/// `vault entropy`: how many guesses passwords need, and why.
struct EntropyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entropy",
        abstract: "Estimate how hard passwords are to guess, and explain why.",
        discussion: """
            Passwords come from standard input, one per line (any number), or are asked for on \
            the terminal; --entry and --all check stored entries and print only names and \
            verdicts, never a password or its parts.

            The estimate models how attackers guess: ranked lists of common passwords, English \
            words, names and surnames (also reversed, capitalised or with l33t substitutions), \
            keyboard walks on QWERTY, QWERTZ, AZERTY, Dvorak and keypads, repeats, sequences, \
            dates and years, and brute force for the rest; it picks the cheapest explanation \
            of the whole password and shows it part by part. Scores: 0 under 10^3 guesses, \
            1 under 10^6, 2 under 10^8, 3 under 10^10, 4 beyond. Length is counted in \
            grapheme clusters (what a person sees as characters) after NFC normalisation.

            Exit status 10 when some password scores below --min-score (3 unless given); \
            a line that is not valid UTF-8 is reported on standard error, the rest are still \
            checked, and the exit status is then 1.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Check a stored entry's password.", valueName: "name"))
    var entry: String?

    @Flag(help: "Check every stored entry's password.")
    var all = false

    @Option(help: ArgumentHelp("The lowest score that passes (0-4): lower scores make the exit status 10.", valueName: "score"))
    var minScore = 3

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if entry != nil && all { throw ValidationError("--entry and --all do not go together") }
        if !(0...4).contains(minScore) { throw ValidationError("--min-score must be between 0 and 4") }
    }

    func run() throws {
        let estimator = StrengthEstimator()
        var tally = Tally(minimumScore: minScore)
        if entry != nil || all {
            try checkEntries(with: estimator, tally: &tally)
        } else if ControllingTerminal.standardInputIsTerminal {
            let secret = try ControllingTerminal().readSecret(prompt: "Password to check: ", confirm: false, what: "the password")
            let password = try secret.withUnsafeBytes { bytes -> String in
                guard let text = String(validating: bytes, as: UTF8.self) else { throw EntropyError.notText(line: nil) }
                return text
            }
            try show(EstimateReport(estimate: estimator.estimate(password)), tally: &tally)
        } else {
            // What was already estimated is printed even when a later line stops the batch.
            defer { try? OutputBuffer.shared.flush() }
            try LineReader.forEachLine { number, line in
                guard let password = String(validating: line, as: UTF8.self) else {
                    tally.unreadableLines += 1
                    Diagnostics.error(EntropyError.notText(line: number).message)
                    return
                }
                try show(EstimateReport(estimate: estimator.estimate(password), line: number), tally: &tally)
            }
            try OutputBuffer.shared.flush()
        }
        if tally.unreadableLines > 0 { throw ExitCode(ExitStatus.failure.rawValue) }
        if tally.weak > 0 { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    private func checkEntries(with estimator: StrengthEstimator, tally: inout Tally) throws {
        let entries: [Entry]
        if let entry {
            entries = [try vault.entry(named: entry)]
        } else {
            entries = try vault.store().open(using: vault.unlocker()).entries.allEntries()
        }
        for stored in entries {
            guard let password = stored.password else { continue }
            try show(EstimateReport(estimate: estimator.estimate(password, userWords: EntryWords.of(stored)), entry: stored.name),
                     tally: &tally)
        }
        try OutputBuffer.shared.flush()
    }

    private func show(_ report: EstimateReport, tally: inout Tally) throws {
        tally.count(report.estimate)
        if output.json {
            try OutputBuffer.shared.writeJSON(report.json(into:))
        } else {
            try OutputBuffer.shared.write(report.text())
        }
    }
}

/// What the exit status depends on.
struct Tally {
    let minimumScore: Int
    var weak = 0
    var unreadableLines = 0

    mutating func count(_ estimate: StrengthEstimate) {
        if estimate.score < minimumScore { weak += 1 }
    }
}
