import VaultKit
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The options every command that opens the vault shares, core or plugin: which vault, where
/// the master password comes from, and whether the keyring may cache the key. A command pulls
/// them in with `@OptionGroup` and gets from them the store, the key cache, the unlocker and
/// the config it runs against: its context.
public struct VaultOptions: ParsableArguments {
    public init() {}

    @Option(
        name: .customLong("vault"),
        help: ArgumentHelp("The vault file (default: $VAULT_PATH, else $XDG_DATA_HOME/vault/vault.json).", valueName: "path"))
    public var vaultPath: String?

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("Read the master password from the first line of this file (default: $VAULT_PASSWORD_FILE).", valueName: "file"))
    public var passwordFile: String?

    @Flag(help: "Neither look for nor keep the key in the Secret Service keyring.")
    public var noKeyring = false

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The vault path: the option, the environment, or the XDG default.
    public var path: String { Self.path(option: vaultPath, environment: environment) }

    /// The vault path for an optional `--vault` value in an environment.
    public static func path(option vaultPath: String?, environment: [String: String]) -> String {
        if let vaultPath, !vaultPath.isEmpty { return vaultPath }
        if let fromEnvironment = environment["VAULT_PATH"], !fromEnvironment.isEmpty { return fromEnvironment }
        return XDGFolders.dataHome(environment: environment) + "/vault/vault.json"
    }

    /// The settings file's contents.
    public func config() throws -> VaultConfig {
        try VaultConfig.load(path: VaultConfig.path(environment: environment))
    }

    public func store() -> VaultStore {
        let store = VaultStore(path: path)
        store.onLockWait = { [path = store.path] in
            Diagnostics.note("Waiting for another vault command to finish with \(path)…")
        }
        store.onWarning = Diagnostics.warning
        return store
    }

    public func passwordSource() -> PasswordSource {
        let file = passwordFile ?? environment["VAULT_PASSWORD_FILE"]
        if let file, !file.isEmpty {
            return PasswordFile(path: file, warn: Diagnostics.warning)
        }
        return TerminalPasswordPrompt()
    }

    /// The Secret Service cache, unless `--no-keyring` or the config turn it off.
    public func keyCache() throws -> KeyCache {
        let config = try config()
        guard !noKeyring && config.keyring else { return NoKeyCache() }
        return SecretServiceKeyCache(timeToLive: config.keyringTimeout) { reason in
            Diagnostics.notice("the key is not cached (\(reason)); the master password will be asked each time")
        }
    }

    /// The keyring, when this command keeps away from it (`--no-keyring`) but the config
    /// uses it: a rotation must still remove the old key from it, which opens old backups.
    public func keyringToClearOnRotation() throws -> KeyCache? {
        guard noKeyring, try config().keyring else { return nil }
        return SecretServiceKeyCache(onUnavailable: { _ in })
    }

    /// The unlocker for this command: the password source of the options, `keyCache` (or the
    /// configured one), and a person's confirmation for a costly key derivation.
    public func unlocker(keyCache: KeyCache? = nil) throws -> Unlocker {
        Unlocker(passwordSource: passwordSource(), keyCache: try keyCache ?? self.keyCache(), confirmCostlyDerivation: Self.confirmCostlyDerivation)
    }

    /// An unlocker for a command that must prove the current master password (`action`, such
    /// as "changing the master password"): it never takes the key from the keyring, though it
    /// still replaces the key kept there.
    public func reauthenticatingUnlocker(for action: String) throws -> Unlocker {
        Unlocker(passwordSource: passwordSource(), keyCache: try keyCache(), reauthentication: action,
                 confirmCostlyDerivation: Self.confirmCostlyDerivation)
    }

    /// A header asking for a key derivation past the limit is derived only when a person at
    /// the terminal agrees, having been told what it costs; without a terminal it is refused.
    private static func confirmCostlyDerivation(_ cost: KDFCost) throws {
        guard let terminal = try? ControllingTerminal() else {
            throw VaultOpenError.costlyKeyDerivation(description: cost.summaryWithEstimate())
        }
        let question = "This vault asks for \(cost.summaryWithEstimate()). A planted file would do this to pin the machine. Derive the key?"
        guard terminal.confirm(TerminalText.visible(question)) else { throw TerminalError.cancelled }
    }

    /// Opens the vault and decodes the one entry a command is about.
    public func entry(named rawName: String) throws -> Entry {
        let name = try EntryName.normalized(rawName)
        guard let entry = try store().open(using: unlocker()).entries.entry(named: name) else {
            throw EntryError.notFound(name)
        }
        return entry
    }
}
