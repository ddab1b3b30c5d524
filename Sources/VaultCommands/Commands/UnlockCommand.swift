import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault unlock`: derives the key once and keeps it in the kernel keyring and the Secret
/// Service, so the following commands ask for nothing.
struct UnlockCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Keep the vault's key in the keyrings for this session.",
        discussion: """
            Asks for the master password and keeps the derived key (never the password) in the \
            kernel keyring (this login's session keyring, else the user keyring), which later \
            commands read in microseconds, and in the Secret Service's in-memory session \
            collection or unlocked default collection, which outlives a new login session. \
            Either is enough: over SSH, in a container or in CI there is only the kernel's. \
            With --timeout the key is forgotten after that long (15m, 1h, 90s), by the kernel \
            itself; with --idle, that long after its last use (kept in the kernel keyring \
            only). Otherwise it lasts until `vault lock` or the end of the session. What \
            --timeout and --idle set stays this vault's until another unlock changes it \
            (`never` lifts a limit): a key cached later, when a command asks for the password \
            once the key has expired, gets the same lifetime, not the config's. Exits 6 when \
            neither keyring is available.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Forget the key after this long, such as 15m or 1h (never: no limit), now and from now on.", valueName: "duration"))
    var timeout: String?

    @Option(help: ArgumentHelp("Forget the key when it has not been used for this long, such as 15m (never: no limit), now and from now on.", valueName: "duration"))
    var idle: String?

    /// The seconds of a duration option; nil for `never`.
    private static func span(_ value: String) -> Double? {
        value == "never" ? nil : TimeSpan.seconds(value)
    }

    func validate() throws {
        for (option, value) in [("--timeout", timeout), ("--idle", idle)] {
            if let value, value != "never", TimeSpan.seconds(value) == nil {
                throw ValidationError("\(option) '\(value)' is not a duration such as 90s, 15m or 1h, nor never")
            }
        }
        if vault.noKeyring { throw ValidationError("unlock needs the keyring; drop --no-keyring") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let config = try session.config()
        guard config.keyring else { throw KeyringError.disabled }
        let store = session.store
        let vaultID = try store.header().id
        // What an earlier unlock set for this vault, else the config, changed by the options.
        let records = context.keyrings.records
        var lifetime = records?.lifetime(vaultID: vaultID) ?? KeyLifetime(timeToLive: config.keyringTimeout, idle: config.keyringIdle)
        if let timeout { lifetime.timeToLive = Self.span(timeout) }
        if let idle { lifetime.idle = Self.span(idle) }
        // Recorded first: the key stored below takes its lifetime from the record.
        if timeout != nil || idle != nil { try records?.record(lifetime, vaultID: vaultID) }
        let keyrings = session.keyrings(lifetime: lifetime)
        if case .unavailable(let reason) = keyrings.availability { throw KeyringError.unavailable(reason) }
        if let idle = lifetime.idle, case .unavailable(let reason) = keyrings.kernel.availability {
            context.diagnostics.notice(
                "the kernel keyring is not available (\(reason)), and the Secret Service cannot renew a key on use: "
                + "the key is kept for \(TimeSpan.describe(min(idle, lifetime.timeToLive ?? idle))) from now")
        }
        let envelope = try session.verifyPassword(keepingKeyIn: keyrings)
        let holding = keyrings.backends.filter { $0.cachedItem(vaultID: envelope.id) != nil }
        guard !holding.isEmpty else { throw KeyringError.unavailable("the key could not be stored") }
        let places = holding.map { backend in
            guard case .available(let place) = backend.availability else { return backend.name }
            return "\(backend.name) (\(place))"
        }
        // Without the kernel's copy, an idle timeout became a plain one.
        let kept = holding.first === keyrings.kernel
            ? lifetime
            : KeyLifetime(timeToLive: [lifetime.timeToLive, lifetime.idle].compactMap { $0 }.min())
        context.diagnostics.note("Unlocked \(store.path) \(Self.describe(kept)), in the \(places.joined(separator: " and the ")).")
    }

    /// "for 1h", "until unused for 15m", "until `vault lock` or the end of the session".
    static func describe(_ lifetime: KeyLifetime) -> String {
        switch (lifetime.timeToLive, lifetime.idle) {
        case (nil, nil): return "until `vault lock` or the end of the session"
        case (let timeToLive?, nil): return "for \(TimeSpan.describe(timeToLive))"
        case (nil, let idle?): return "until unused for \(TimeSpan.describe(idle))"
        case (let timeToLive?, let idle?):
            return "for \(TimeSpan.describe(timeToLive)) at most, and until unused for \(TimeSpan.describe(idle))"
        }
    }
}

/// Keyring failures that a command reports as exit code 6.
enum KeyringError: VaultFailure {
    case unavailable(String)
    case notRemoved(String)
    case disabled

    var message: String {
        switch self {
        case .unavailable(let reason):
            return "no keyring is available (\(reason)); on a desktop, start gnome-keyring or KeePassXC's Secret Service integration"
        case .notRemoved(let reason):
            return "the key was not removed from every keyring (\(reason)); it may still open the vault"
        case .disabled:
            return "the keyring is turned off in the config file (\"keyring\": false)"
        }
    }

    var exitStatus: ExitStatus { .unavailable }
}
