import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault tls`: audits the TLS endpoint of a site, or of every site the vault holds a URL for.
struct TLSCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "tls",
        abstract: "Audit a site's TLS: certificate chain, protocol, cipher suite and security headers.",
        discussion: """
            Connects to HOST[:PORT] (443 by default; an https:// URL works too), or to every \
            address in an entry's URLs (--entry) or in the whole vault (--all), and judges what \
            the server presents: the chain is verified against the system trust store (or \
            --ca-file) with RFC 5280 path building and the server-identity check, each \
            certificate is checked for expiry, key size and signature hash, and the protocol \
            and cipher suite are those the server chose. Then it asks the site for / (following \
            up to 3 redirects on the same host) and grades its security headers.

            Critical findings, each of which makes the endpoint untrustworthy:

            \(glossary(critical: true))

            Warnings, which leave the verdict alone:

            \(glossary(critical: false))

            The headers graded are Strict-Transport-Security (max-age of 180 days or more, \
            includeSubDomains, preload), Content-Security-Policy (present, without \
            'unsafe-inline' unless with a nonce or hash, 'unsafe-eval' or wildcard sources), \
            X-Content-Type-Options: nosniff, X-Frame-Options or CSP frame-ancestors, \
            Referrer-Policy and Permissions-Policy; each grade says what a missing or weak \
            header risks. They never change the verdict. --json prints one object per endpoint \
            per line, described in docs/tls.md.

            Pins (trust on first use): --entry NAME --save-pins remembers, in the entry's \
            tls-pins field (shown by vault show), each site's leaf pin and, as a backup, the pin \
            of the CA that issued the leaf; --force replaces pins saved earlier. From then on \
            --entry and --all hold every site an entry names to the pins that entry saved for \
            its host: pin-rotated when only the backup matches, pin-changed when neither does. \
            --pin HOST=PIN or --pin '*.DOMAIN=PIN' applies a pin to that host, or to the hosts \
            one label below DOMAIN, only; an endpoint takes the pins of its own host, else of \
            its wildcard, else those given without a host.

            Exit status: 0 when every endpoint is trusted with no critical finding, 10 when \
            some endpoint is not trustworthy, 1 when some endpoint could not be audited (no \
            connection, no TLS handshake) or on another error, 4 when --entry names no entry, \
            5 when --save-pins would replace saved pins without --force, 64 for a usage error.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("The site: HOST, HOST:PORT, [IPv6]:PORT or an https:// URL.", valueName: "host[:port]"))
    var target: String?

    @Option(help: ArgumentHelp("Audit the sites in a stored entry's URLs.", valueName: "name"), completion: .entryName)
    var entry: String?

    @Flag(help: "Audit every site the vault holds a URL for.")
    var all = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("Trust the root certificates in this PEM file instead of the system's.", valueName: "pem"))
    var caFile: String?

    @Flag(name: .customLong("with-system-roots"), help: "With --ca-file: trust the system's roots as well.")
    var withSystemRoots = false

    @Option(help: ArgumentHelp("The name to send in SNI and to check the certificate against (default: the host).", valueName: "name"))
    var servername: String?

    @Option(name: .customLong("connect-to"), help: ArgumentHelp("Connect to this address instead, still asking for and checking the site's name.", valueName: "host:port"))
    var connectTo: String?

    @Option(name: .customLong("pin"), help: ArgumentHelp("Require the leaf, or a certificate on the verified path, to have this SPKI pin; HOST= or *.DOMAIN= gives it to those hosts only (repeatable).", valueName: "[host=]sha256//base64"))
    var pins: [String] = []

    @Flag(name: .customLong("save-pins"), help: "With --entry: remember each site's leaf and issuer pins in the entry's tls-pins field.")
    var savePins = false

    @Flag(help: "With --save-pins: replace the pins the entry has for those sites.")
    var force = false

    @Option(help: ArgumentHelp("Seconds to wait for the connection, the handshake and each HTTP answer.", valueName: "seconds"))
    var timeout = 10

    @Flag(name: .customLong("no-headers"), help: "Do not fetch the site to grade its security headers.")
    var noHeaders = false

    @OptionGroup var output: OutputOptions

    /// One line per finding of a severity: `  id: what it means`.
    private static func glossary(critical: Bool) -> String {
        AuditFinding.Kind.allCases.filter { $0.isCritical == critical }
            .map { "  \($0.rawValue): \($0.explanation)." }
            .joined(separator: "\n")
    }

    func validate() throws {
        let chosen = [target != nil, entry != nil, all].filter { $0 }.count
        if chosen != 1 { throw ValidationError("give one of HOST[:PORT], --entry NAME or --all") }
        if !(1...300).contains(timeout) { throw ValidationError("--timeout must be between 1 and 300 seconds") }
        if withSystemRoots && caFile == nil { throw ValidationError("--with-system-roots only goes with --ca-file") }
        if target == nil && (servername != nil || connectTo != nil) {
            throw ValidationError("--servername and --connect-to only go with a single HOST[:PORT]")
        }
        for pin in pins {
            do { _ = try PinOption.parse(pin) } catch { throw ValidationError(TerminalText.visible(error.message)) }
        }
        if savePins && entry == nil { throw ValidationError("--save-pins only goes with --entry") }
        if force && !savePins { throw ValidationError("--force only goes with --save-pins") }
        if let servername, servername.isEmpty || servername.contains(where: { $0 == " " || $0 == "/" || $0 == ":" && !Endpoint.isIPAddress(servername) }) {
            throw ValidationError("'\(TerminalText.visible(servername))' is not a server name")
        }
        do {
            if let target { _ = try Endpoint.parse(target) }
            if let connectTo { _ = try Endpoint.parse(connectTo) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        if let target {
            // A site given by address opens no vault, so it is held to no saved pins.
            try exitStatus(of: await audit(AuditTargets(single: try Endpoint.parse(target)), pinCheck: nil, in: context))
            return
        }
        let entries = try chosenEntries(session.open().entries)
        let targets = AuditTargets(entries: entries, notice: context.diagnostics.notice)
        if entry != nil, targets.endpoints.isEmpty { throw TLSAuditError.noAddress(entries[0].name) }
        let saver = savePins ? PinSaver(entry: entries[0].name, force: force) : nil
        try saver?.refuseReplacing(SavedPins(of: entries[0]), hosts: targets.endpoints.map(\.host))
        // Saving replaces the pins the entry had, so the audit is not held to them.
        let pinCheck = saver == nil ? try SavedPinCheck(entries: entries) : nil
        let audits = try await audit(targets, pinCheck: pinCheck, in: context)
        try saver?.save(audits, in: session)
        try exitStatus(of: audits)
    }

    /// The entry of `--entry`, or every entry for `--all`.
    private func chosenEntries(_ table: EntryTable) throws -> [Entry] {
        guard let entry else { return try table.allEntries() }
        let name = try EntryName.normalized(entry)
        guard let stored = try table.entry(named: name) else { throw EntryError.notFound(name) }
        return [stored]
    }

    /// Audits the targets, holds them to the pins their entries saved, and shows the audits.
    private func audit(_ targets: AuditTargets, pinCheck: SavedPinCheck?, in context: CommandContext) async throws -> [EndpointAudit] {
        let settings = AuditSettings(
            roots: try TrustRoots.load(caFile: caFile, withSystemRoots: withSystemRoots),
            serverName: servername,
            connectTo: try connectTo.map { try Endpoint.parse($0) },
            pins: PinRules(try pins.map { try PinOption.parse($0) }),
            timeout: .seconds(timeout),
            fetchHeaders: !noHeaders,
            now: context.now())
        guard !targets.endpoints.isEmpty else {
            context.diagnostics.notice("no entry has an https URL or host name to audit")
            return []
        }
        var audits = await BatchAuditor(settings: settings).audit(targets.endpoints, progressOn: context.streams)
        if let pinCheck {
            for index in audits.indices {
                let entries = targets.entriesByEndpoint[audits[index].endpoint] ?? []
                audits[index].findings += pinCheck.results(for: audits[index], entries: entries).map(\.finding)
            }
        }
        try show(audits, targets: targets, context: context)
        return audits
    }

    /// Exit 1 when some endpoint could not be audited, else 10 when one is untrustworthy.
    private func exitStatus(of audits: [EndpointAudit]) throws {
        if audits.contains(where: { $0.verdict == .error }) { throw ExitCode(ExitStatus.failure.rawValue) }
        if audits.contains(where: { $0.verdict == .untrusted }) { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    private func show(_ audits: [EndpointAudit], targets: AuditTargets, context: CommandContext) throws {
        let now = context.now()
        let fromVault = target == nil
        let out = OutputBuffer(streams: context.streams)
        defer { try? out.flush() }
        for audit in audits {
            let entries = fromVault ? targets.entriesByEndpoint[audit.endpoint] ?? [] : nil
            if output.json {
                try out.writeJSON(AuditJSON(audit: audit, entries: entries, now: now).write(into:))
            } else if audit.verdict == .error && !all {
                // What the failed handshake showed is still worth reading.
                if !audit.certificates.isEmpty { try out.write(AuditText(audit: audit, now: now).full()) }
                context.diagnostics.error("cannot audit \(audit.endpoint.text): \(audit.failure?.message ?? "unknown failure")")
            } else {
                let text = AuditText(audit: audit, now: now)
                try out.write((all ? text.brief() : text.full()) + "\n")
            }
        }
        if all && !output.json {
            let rows = audits.map { SummaryTable.Row(audit: $0, entries: targets.entriesByEndpoint[$0.endpoint] ?? []) }
            try out.write(SummaryTable(rows: rows, now: now).text())
        }
    }
}
