import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem
import FoundationEssentials

/// `vault log`: the security log of the vault on this machine, read with the vault's keys.
struct LogCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the security log: failed passwords, unlocks, reveals, exports and other changes.",
        discussion: """
            Every command records what it did to the vault in a log beside it, on this machine: \
            master passwords that failed and those that opened it, each secret revealed (get, \
            show --reveal, otp, --clip, read, run, inject, the git credential helper, SSH \
            signatures, attach get), export, import, passwd, rekey, rm, attach rm, sync, lock, \
            with the entry, the time, the device and the reason given (--reason or \
            VAULT_REASON). Events are sealed to a key in the vault's header, so a wrong password \
            is recorded too; only the vault's keys read them. They are chained, and each change \
            of the vault anchors the chain, so that --verify finds an event changed, removed, \
            reordered or cut off before the vault's last change, and exits 3 naming the first \
            broken link. See docs/security.md.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Only events from this day (YYYY-MM-DD, UTC) or moment (ISO 8601) on.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only the events of this entry.", valueName: "name"))
    var entry: String?

    @OptionGroup var output: OutputOptions

    @Flag(help: "Check the log's chain against the vault and say whether it holds (exit 3 when it does not).")
    var verify = false

    func run(in session: VaultSession) async throws {
        let context = session.context
        let start = try since.map(LogDate.parse)
        let entryName = try entry.map(EntryName.normalized)
        let opened = try session.open()
        guard opened.envelope.logKey != nil else {
            throw LogError.noLogYet
        }
        let reading = try EventLogReading(files: try session.eventLog(), vault: opened, device: try? session.deviceID())
        let events = reading.events.filter { event in
            (start.map { event.date >= $0 } ?? true) && (entryName.map { event.entry == $0 } ?? true)
        }
        if output.json {
            try JSONOutput.print(LogJSON(events: events.map(LogJSON.Event.init), verification: verify ? reading.chains.map(LogJSON.Chain.init) : nil),
                                 to: context.streams)
        } else {
            try context.streams.writeLines(events.map(LogText.line))
            if events.isEmpty { context.diagnostics.note("No events\(start == nil && entryName == nil ? "" : " match").") }
        }
        if verify {
            if !output.json { try context.streams.writeLines(LogText.verification(reading)) }
            if !reading.holds { throw LogError.broken(LogText.firstProblem(reading)) }
        } else if !reading.holds {
            context.diagnostics.warning("the security log does not verify: \(LogText.firstProblem(reading)) (vault log --verify)")
        }
    }
}

/// Why `vault log` found nothing to show, or what it found wrong.
enum LogError: VaultFailure, Equatable {
    case noLogYet
    case broken(String)
    case badDate(String)

    var message: String {
        switch self {
        case .noLogYet:
            return "this vault keeps no security log yet: it was written by an older vault (format version 6 or before) and gets one at its next change (vault add, edit, rm, passwd…)"
        case .broken(let problem):
            return "the security log does not verify: \(problem)"
        case .badDate(let text):
            return "'\(text)' is not a date (YYYY-MM-DD) or a moment (ISO 8601, such as 2026-12-01T09:30:00Z)"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noLogYet: return .notFound
        case .broken: return .authenticationFailed
        case .badDate: return .usage
        }
    }
}

/// A `--since` value: a day (`YYYY-MM-DD`, from its start in UTC) or an ISO 8601 moment with
/// its zone, to the second or a fraction of it.
enum LogDate {
    static func parse(_ text: String) throws -> Date {
        if let moment = try? Date(text, strategy: .iso8601) { return moment }
        if let moment = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return moment }
        if let day = try? Date(text + "T00:00:00Z", strategy: .iso8601), text.utf8.count == 10 { return day }
        throw LogError.badDate(text)
    }
}
