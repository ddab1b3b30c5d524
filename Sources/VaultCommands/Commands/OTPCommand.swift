import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault otp`: the current one-time code of an entry.
struct OTPCommand: RequestingCommand {
    static let configuration = CommandConfiguration(
        commandName: "otp",
        abstract: "Print an entry's current one-time code (TOTP or HOTP).",
        discussion: """
            Prints the code alone on one line; on a terminal, the seconds it stays valid go to \
            standard error. A HOTP entry's counter is advanced and saved with each code. With \
            --clip the code goes to the clipboard instead. --at gives the code of another \
            moment (a Unix time or an ISO 8601 date), to check a setting against another device.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var name: String

    @Option(help: ArgumentHelp("The moment to make a TOTP code for: Unix seconds or an ISO 8601 date.", valueName: "time"))
    var at: String?

    @OptionGroup var output: OutputOptions
    @OptionGroup var clipboard: ClipOptions

    func validate() throws {
        if clipboard.clip && output.json { throw ValidationError("--clip and --json do not go together") }
    }

    /// What the command line asks for, as plain values.
    var request: OTPRequest {
        OTPRequest(name: name, at: at, json: output.json, clip: clipboard.choice)
    }
}

/// One `vault otp` as plain values: what `OTPCommand` parses to, and what `HotCommandLine`
/// makes of a plain `otp` line; the work is done here.
struct OTPRequest: CommandRequest {
    var name: String
    /// `--at`: the moment, as given.
    var at: String?
    var json = false
    /// Where the code goes instead of standard output (`--clip`).
    var clip: ClipChoice?

    /// What `--json` prints.
    struct Report: Encodable {
        var name: String
        var code: String
        var type: String
        var secondsLeft: Int?
        var period: Int?
        var counter: UInt64?

        enum CodingKeys: String, CodingKey {
            case name, code, type, period, counter
            case secondsLeft = "seconds_left"
        }
    }

    func run(in session: VaultSession) throws {
        let routed = try session.routed(name)
        try routed.within { vault, name in try run(name, shownAs: routed.shownName, in: vault) }
    }

    /// Runs the request for the entry `name` of the vault of `session`, which the person calls `shownName`.
    private func run(_ name: String, shownAs shownName: String, in session: VaultSession) throws {
        let context = session.context
        let date = try at.map(MomentArgument.parse) ?? context.now()
        try clip?.ensureAvailable(in: context)
        let issued = try OneTimeCodes.issue(
            forEntryNamed: name, at: date, countersAllowed: at == nil, in: session)
        if json {
            try JSONOutput.print(
                Report(name: shownName, code: issued.code, type: issued.counter == nil ? "totp" : "hotp",
                       secondsLeft: issued.secondsLeft, period: issued.period, counter: issued.counter),
                to: context.streams)
        } else if let clip {
            try clip.copy(issued.code, describing: shownName, in: session)
        } else {
            try context.streams.write(issued.code + "\n")
        }
        session.record(.reveal, entry: name, detail: RevealDetail.text("otp code", clip: clip))
        if !json, let secondsLeft = issued.secondsLeft, context.streams.errorIsTerminal {
            context.diagnostics.note("valid for \(secondsLeft) more second\(secondsLeft == 1 ? "" : "s")")
        }
    }
}

/// A moment given on the command line: whole Unix seconds, or an ISO 8601 date and time with
/// its zone (`2026-01-31T12:00:00Z`, `2026-01-31T13:00:00+01:00`).
enum MomentArgument {
    static func parse(_ text: String) throws -> Date {
        let date = Int64(text).map { Date(timeIntervalSince1970: Double($0)) } ?? (try? Date(text, strategy: .iso8601))
        guard let date, date.timeIntervalSince1970 >= 0, EntryDates.canStore(date) else { throw OTPError.invalidTime(text) }
        return date
    }
}
