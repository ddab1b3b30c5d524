import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault status`: whether the key is cached, in which keyrings and for how long, whether the
/// keyrings are there, and the vault's path and size. Never asks for the password.
struct StatusCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the vault is unlocked, and where its key is cached.",
        discussion: """
            Reports each keyring (the kernel keyring, the Secret Service): whether it is there, \
            where it keeps keys or why it cannot, and whether it holds this vault's key and for \
            how long. For a team vault it says that it opens while your own vault does. Looking is not a use: a key unlocked with --idle is not renewed by it. Never \
            asks for the master password. When neither keyring can keep keys it says so on \
            standard error every time, as other commands do only the first time for a vault on \
            this machine (and never with a password file). With --json: vault, \
            keyring ("available" when either keyring is, "unavailable" or "disabled"), \
            keyring_detail (why none is available), unlocked, expires_in_seconds (until the last \
            copy of the key ends unless used again; absent for the session), entries (when \
            unlocked), and keyrings, one object per keyring with name, available, detail, \
            cached, expires_in_seconds and idle_seconds.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    /// What `status` reports.
    struct Report: Encodable {
        var vault: String
        /// "available" when either keyring is, "unavailable", or "disabled".
        var keyring: String
        var keyringDetail: String?
        var unlocked: Bool
        /// Until the last copy of the key is gone, unless used again; nil for the session.
        var expiresInSeconds: Int?
        var entries: Int?
        var keyrings: [KeyringReport] = []

        enum CodingKeys: String, CodingKey {
            case vault, keyring, unlocked, entries, keyrings
            case keyringDetail = "keyring_detail"
            case expiresInSeconds = "expires_in_seconds"
        }
    }

    /// One keyring's state.
    struct KeyringReport: Encodable {
        var name: String
        var available: Bool
        /// Where keys go ("session keyring"), or why the keyring is not there.
        var detail: String
        var cached: Bool
        var expiresInSeconds: Int?
        var idleSeconds: Int?

        enum CodingKeys: String, CodingKey {
            case name, available, detail, cached
            case expiresInSeconds = "expires_in_seconds"
            case idleSeconds = "idle_seconds"
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let store = session.store
        let envelope = try store.header()
        if envelope.isTeam {
            session.diagnostics.notice("\(store.path) is a team vault: it has no key of its own to cache, and opens while your own vault does (vault status without --vault)")
        }
        var report = Report(vault: store.path, keyring: "disabled", unlocked: false)
        let config = try session.config()
        if !session.selection.noKeyring && config.keyring {
            let keyrings = context.keyrings.keyrings()
            switch keyrings.availability {
            case .available: report.keyring = "available"
            case .unavailable(let reason):
                report.keyring = "unavailable"
                report.keyringDetail = reason
                // Other commands say it once per vault; asked for the state, this says it always.
                session.diagnostics.notice(VaultSession.noKeyringNote(reason))
            }
            let now = context.now()
            let states = keyrings.backends.map { Self.state(of: $0, vaultID: envelope.id, now: now) }
            report.keyrings = states.map(\.report)
            let opened = states.lazy.compactMap(\.key).compactMap { key in
                try? store.open(using: Unlocker(passwordSource: NoPasswordSource(), keyCache: KeyAsItIs(key: key)))
            }.first
            if let opened {
                report.unlocked = true
                report.entries = opened.entries.count
                let expiries = report.keyrings.filter(\.cached).map(\.expiresInSeconds)
                report.expiresInSeconds = expiries.contains(nil) ? nil : expiries.compactMap { $0 }.max()
            }
        }
        if output.json {
            try JSONOutput.print(report, to: context.streams)
        } else {
            try context.streams.write(text(report))
        }
    }

    /// What a keyring reports, and the key it holds (to see whether it opens the vault).
    private static func state(of backend: any KeyringBackend, vaultID: String, now: Date) -> (report: KeyringReport, key: SecureBytes?) {
        switch backend.availability {
        case .unavailable(let reason):
            return (KeyringReport(name: backend.name, available: false, detail: reason, cached: false), nil)
        case .available(let place):
            var report = KeyringReport(name: backend.name, available: true, detail: place, cached: false)
            guard let item = backend.cachedItem(vaultID: vaultID), (item.expires ?? .distantFuture) > now else { return (report, nil) }
            report.cached = true
            report.expiresInSeconds = item.expires.map { Int($0.timeIntervalSince(now).rounded(.up)) }
            report.idleSeconds = item.idle.map { Int($0) }
            return (report, item.key)
        }
    }

    private func text(_ report: Report) -> String {
        var lines = [("Vault", report.vault)]
        var state = report.unlocked ? "unlocked" : "locked"
        if report.unlocked {
            state += report.expiresInSeconds.map { ", key expires in \(TimeSpan.describe(Double($0)))" } ?? ", until `vault lock` or the end of the session"
        }
        lines.append(("State", state))
        if report.keyring == "disabled" {
            lines.append(("Keyring", "disabled"))
        }
        for keyring in report.keyrings {
            let name = keyring.name.prefix(1).uppercased() + keyring.name.dropFirst()
            lines.append((name, Self.describe(keyring)))
        }
        if let entries = report.entries { lines.append(("Entries", "\(entries)")) }
        let width = lines.map(\.0.count).max()! + 2
        return lines.map { label, value in
            TerminalText.visible(label + ":" + String(repeating: " ", count: width - label.count - 1) + value)
        }.joined(separator: "\n") + "\n"
    }

    /// "key cached in the session keyring for 14m 59s, renewed to 15m on each use".
    private static func describe(_ keyring: KeyringReport) -> String {
        guard keyring.available else { return "unavailable (\(keyring.detail))" }
        guard keyring.cached else { return "available (\(keyring.detail)), no key cached" }
        var text = "key cached in the \(keyring.detail)"
        if let seconds = keyring.expiresInSeconds {
            text += " for \(TimeSpan.describe(Double(seconds)))"
        } else {
            text += " until `vault lock` or the end of the session"
        }
        if let idle = keyring.idleSeconds { text += ", renewed to \(TimeSpan.describe(Double(idle))) on each use" }
        return text
    }
}

/// A key as a keyring holds it, for `status`: looking is not a use, so an idle key is not
/// renewed, nothing is stored, and a key that does not open the vault stays.
private struct KeyAsItIs: KeyCache {
    let key: SecureBytes
    func lookup(vaultID: String) -> SecureBytes? { key }
    func store(_ key: SecureBytes, vaultID: String, label: String) {}
    func remove(vaultID: String) {}
    var keepsKeys: Bool { false }
}
