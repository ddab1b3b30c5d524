import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultKit

/// `vault status`: whether the key is cached, whether a keyring is there, and the vault's
/// path and size. Never asks for the password.
struct StatusCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the vault is unlocked, and the keyring's state.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    /// What `status` reports.
    struct Report: Encodable {
        var vault: String
        var keyring: String
        var keyringDetail: String?
        var unlocked: Bool
        var expiresInSeconds: Int?
        var entries: Int?

        enum CodingKeys: String, CodingKey {
            case vault, keyring, unlocked, entries
            case keyringDetail = "keyring_detail"
            case expiresInSeconds = "expires_in_seconds"
        }
    }

    func run(in context: CommandContext) async throws {
        let store = vault.store(in: context)
        let envelope = try store.header()
        var report = Report(vault: store.path, keyring: "disabled", unlocked: false)
        let config = try context.config()
        if !vault.noKeyring && config.keyring {
            let cache = context.keyrings.keyring()
            let now = context.now()
            switch cache.availability {
            case .available(let collection):
                report.keyring = "available"
                report.keyringDetail = "\(collection) collection"
                let item = cache.cachedItem(vaultID: envelope.id)
                if let expires = item?.expires, expires <= now { cache.remove(vaultID: envelope.id) }
                if let item, (item.expires ?? .distantFuture) > now,
                   let opened = try? store.open(using: Unlocker(passwordSource: NoPassword(), keyCache: cache)) {
                    report.unlocked = true
                    report.entries = opened.entries.count
                    report.expiresInSeconds = item.expires.map { Int($0.timeIntervalSince(now).rounded(.up)) }
                }
            case .unavailable(let reason):
                report.keyring = "unavailable"
                report.keyringDetail = reason
            }
        }
        if output.json {
            try JSONOutput.print(report, to: context.streams)
        } else {
            try context.streams.write(text(report))
        }
    }

    private func text(_ report: Report) -> String {
        let keyring = report.keyring + (report.keyringDetail.map { " (\($0))" } ?? "")
        var state = report.unlocked ? "unlocked" : "locked"
        if report.unlocked {
            state += report.expiresInSeconds.map { ", key expires in \(TimeSpan.describe(Double($0)))" } ?? ", until `vault lock` or the end of the session"
        }
        var lines = ["Vault:   \(report.vault)", "Keyring: \(keyring)", "State:   \(state)"]
        if let entries = report.entries { lines.append("Entries: \(entries)") }
        return lines.map(TerminalText.visible).joined(separator: "\n") + "\n"
    }
}

/// A password source for commands that must never ask.
struct NoPassword: PasswordSource {
    func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes { throw InputError.locked }
}
