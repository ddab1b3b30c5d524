import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault audit`: every check of the whole vault at once, with a summary, per-entry lines, and
/// optionally JSON or an HTML page.
struct AuditCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit the whole vault: weak, reused, old and breached passwords, untrusted sites, changed keys, exposed accounts.",
        discussion: """
            Runs every check over every entry and prints the findings entry by entry, then a \
            summary with the number of entries per kind of finding. Passwords are compared with \
            each other by a keyed hash held in memory for this run only; nothing printed or \
            written holds a secret.

            Without --online, --tls or --accounts the audit makes no network request: breached \
            passwords are then looked up only in a downloaded copy (--offline FILE, or \
            breach_offline in the config), and sites and accounts are not checked. --online asks \
            the Pwned Passwords range API as vault breach does (only 5 characters of each \
            password's SHA-1 leave the machine); --tls audits each https site as vault tls \
            does and compares the pins saved with vault tls --save-pins; --accounts sends each \
            e-mail address found in the vault to Have I Been Pwned, with the API key kept in \
            the entry hibp/api-key (or --api-key-entry).

            Entries whose names match a glob in the config's "audit": {"ignore": [...]} are \
            left out. --json prints one document and --html FILE writes one self-contained page \
            (mode 0600) with a chart of the strength scores; docs/audit.md describes both.

            Exit status: 0 when nothing was found (warnings and advice aside), 10 when some \
            finding was, 1 when a check could not be made (the audit never reports an unchecked \
            entry as clean), 4 when the API key entry is missing, 64 for a usage error.
            """)

    @OptionGroup var vault: VaultOptions

    /// Every auditor takes part, if only to say why it did not check (the breach and TLS ones).
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool { true }

    @Option(name: .customLong("min-score"), help: ArgumentHelp("A password scoring below this (0 to 4) is weak.", valueName: "score"))
    var minimumScore = 3

    @Option(name: .customLong("max-age"), help: ArgumentHelp("A password unchanged for more days than this is old.", valueName: "days"))
    var maximumAge = 365

    @Option(help: ArgumentHelp("Look passwords up in a downloaded copy of the breached hashes (as vault breach --offline).", valueName: "path"))
    var offline: String?

    @Flag(help: "Look passwords up through the range API (sends 5 characters of each SHA-1).")
    var online = false

    @Option(name: .customLong("api-url"), help: ArgumentHelp("With --online: the range API to ask (a mirror, or a test server).", valueName: "url"))
    var apiURL: String?

    @Flag(help: "Audit the TLS of every https site and compare the saved pins (connects to each site).")
    var tls = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("With --tls: trust the root certificates in this PEM file instead of the system's.", valueName: "pem"))
    var caFile: String?

    @Flag(name: .customLong("with-system-roots"), help: "With --ca-file: trust the system's roots as well.")
    var withSystemRoots = false

    @Option(help: ArgumentHelp("With --tls: seconds to wait for each connection, handshake and answer (default: 10).", valueName: "seconds"))
    var timeout: Int?

    @Flag(help: "Check every e-mail address in the vault against Have I Been Pwned's breaches (sends each address).")
    var accounts = false

    @Option(name: .customLong("api-key-entry"), help: ArgumentHelp("With --accounts: the entry whose password is the API key (default: hibp/api-key).", valueName: "name"))
    var apiKeyEntry: String?

    @Option(name: .customLong("accounts-api-url"), help: ArgumentHelp("With --accounts: the API's base URL (default https://haveibeenpwned.com/api/v3).", valueName: "url"))
    var accountsAPIURL: String?

    @Option(help: ArgumentHelp("Also write the report as one HTML page (mode 0600) to this file.", valueName: "file"))
    var html: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(0...4).contains(minimumScore) { throw ValidationError("--min-score must be between 0 and 4") }
        if maximumAge < 1 { throw ValidationError("--max-age must be at least 1 day") }
        if offline != nil && online { throw ValidationError("--offline and --online do not go together") }
        if apiURL != nil && !online { throw ValidationError("--api-url only goes with --online") }
        if !tls && (caFile != nil || withSystemRoots || timeout != nil) {
            throw ValidationError("--ca-file, --with-system-roots and --timeout only go with --tls")
        }
        if withSystemRoots && caFile == nil { throw ValidationError("--with-system-roots only goes with --ca-file") }
        if let timeout, !(1...300).contains(timeout) { throw ValidationError("--timeout must be between 1 and 300 seconds") }
        if !accounts && (accountsAPIURL != nil || apiKeyEntry != nil) {
            throw ValidationError("--api-key-entry and --accounts-api-url only go with --accounts")
        }
        if html?.isEmpty == true { throw ValidationError("--html needs a file name") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let run = AuditRun(plugins: context.plugins.capabilities(EntryAuditor.self), request: request(at: context.now()))
        let plan = try run.plan(in: context)
        // Names are stored in NFC: so are the patterns compared with them.
        let ignore = try session.config().auditIgnore.map(\.nfcNormalized)
        // The own vault's entries, then each mounted team vault's, named under its prefix (a
        // password shared between vaults counts as reused).
        var own: OpenVault?
        var all: [Entry] = []
        try session.forEachVault { prefix, vault in
            let opened = try vault.open()
            if prefix == nil { own = opened }
            let hidden = vault.hiddenByMounts(opened.entries.names)
            all += try opened.entries.allEntries().filter { !hidden.contains($0.name) }.map { entry in
                var entry = entry
                entry.name = MountTable.name(entry.name, under: prefix)
                return entry
            }
        }
        guard let opened = own else { return }
        let audited = AuditedVault(entries: all.filter { entry in !ignore.contains { EntryNameGlob.matches($0, entry.name) } }, allEntries: all)
        var report = try await run.run(on: audited, plan: plan, in: context)
        report.failedPasswords = try failedPasswords(in: opened, session: session)
        if let html { try AuditHTML(report: report).write(to: html) }
        let out = OutputBuffer(streams: context.streams)
        if output.json {
            try out.writeJSON(AuditJSON(report: report).write(into:))
        } else {
            try out.write(AuditText(report: report).text())
        }
        try out.flush()
        if report.hasProblems { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// The failed master-password attempts since the password was last proven, from the
    /// security log; a log that does not verify is said, and its events still counted.
    private func failedPasswords(in vault: OpenVault, session: VaultSession) throws -> [SecurityEvent] {
        guard vault.envelope.logKey != nil else { return [] }
        let device = try? session.deviceID()
        let reading = try EventLogReading(files: try session.eventLog(), vault: vault, device: device)
        if !reading.holds { session.diagnostics.warning("the security log does not verify (vault log --verify says where)") }
        return reading.failedAttemptsSinceUnlock(ownEvents: session.recordedEvents, device: device)
    }

    private func request(at now: Date) -> AuditRequest {
        var request = AuditRequest(now: now)
        request.minimumScore = minimumScore
        request.maximumAgeDays = maximumAge
        request.breachOffline = offline
        request.breachOnline = online
        request.breachAPIURL = apiURL
        if tls { request.tls = AuditRequest.TLSRequest(caFile: caFile, withSystemRoots: withSystemRoots, timeout: timeout ?? 10) }
        if accounts { request.accounts = AuditRequest.AccountsRequest(apiURL: accountsAPIURL, apiKeyEntry: apiKeyEntry) }
        return request
    }
}
