import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultKit

/// `vault unlock`: derives the key once and keeps it in the Secret Service, so the following
/// commands of this login session ask for nothing.
struct UnlockCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Keep the vault's key in the keyring for this session.",
        discussion: """
            Asks for the master password and stores the derived key (never the password) in the \
            Secret Service's in-memory session collection, or the unlocked default collection. \
            Later commands find it there. With --timeout the key is forgotten after that long \
            (15m, 1h, 90s); otherwise it lasts until `vault lock` or the end of the session. \
            Exits 6 when no Secret Service is available.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Forget the key after this long, such as 15m or 1h.", valueName: "duration"))
    var timeout: String?

    func validate() throws {
        if let timeout, TimeSpan.seconds(timeout) == nil {
            throw ValidationError("--timeout '\(timeout)' is not a duration such as 90s, 15m or 1h")
        }
        if vault.noKeyring { throw ValidationError("unlock needs the keyring; drop --no-keyring") }
    }

    func run(in context: CommandContext) async throws {
        let config = try context.config()
        guard config.keyring else { throw KeyringError.disabled }
        let cache = context.keyrings.keyring(timeToLive: timeout.flatMap(TimeSpan.seconds) ?? config.keyringTimeout)
        if case .unavailable(let reason) = cache.availability { throw KeyringError.unavailable(reason) }
        let store = vault.store(in: context)
        let envelope = try store.verifyPassword(using: try vault.unlocker(in: context, keyCache: cache))
        guard cache.lookup(vaultID: envelope.id) != nil else {
            throw KeyringError.unavailable("the key could not be stored")
        }
        let lifetime = cache.timeToLive.map { "for \(TimeSpan.describe($0))" } ?? "until `vault lock` or the end of the session"
        context.diagnostics.note("Unlocked \(store.path) \(lifetime).")
    }
}

/// Keyring failures that a command reports as exit code 6.
enum KeyringError: VaultFailure {
    case unavailable(String)
    case disabled

    var message: String {
        switch self {
        case .unavailable(let reason):
            return "the Secret Service keyring is not available (\(reason)); on a desktop, start gnome-keyring or KeePassXC's Secret Service integration"
        case .disabled:
            return "the keyring is turned off in the config file (\"keyring\": false)"
        }
    }

    var exitStatus: ExitStatus { .unavailable }
}
