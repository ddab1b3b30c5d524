import VaultKit
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The options every command that opens the vault shares, core or plugin: which vault, where
/// the master password comes from, and whether the keyring may cache the key. A command pulls
/// them in with `@OptionGroup` and gets from them, in its command context, the store, the key
/// cache and the unlocker it runs with.
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

    @Flag(help: "Neither look for nor keep the key in a keyring (the kernel's or the Secret Service).")
    public var noKeyring = false

    /// The vault path: the option, the environment, or the XDG default.
    public func path(in context: CommandContext) -> String {
        Self.path(option: vaultPath, environment: context.environment)
    }

    /// The vault path for an optional `--vault` value in an environment.
    public static func path(option vaultPath: String?, environment: [String: String]) -> String {
        if let vaultPath, !vaultPath.isEmpty { return vaultPath }
        if let fromEnvironment = environment["VAULT_PATH"], !fromEnvironment.isEmpty { return fromEnvironment }
        return XDGFolders.dataHome(environment: environment) + "/vault/vault.json"
    }

    public func store(in context: CommandContext) -> VaultStore {
        let store = VaultStore(path: path(in: context))
        let diagnostics = context.diagnostics
        store.onLockWait = { [path = store.path] in
            diagnostics.note("Waiting for another vault command to finish with \(path)…")
        }
        store.onWarning = diagnostics.warning
        let devicePath = DeviceIdentity.path(stateHome: XDGFolders.stateHome(environment: context.environment))
        store.origin = ChangeOrigin(device: { try DeviceIdentity.load(path: devicePath) }, now: context.now)
        if let config = try? context.config(), config.syncAuto {
            store.afterChange = { [self] unlocker in AutoSync.commit(store, unlocker: unlocker, push: config.syncPush, options: self, in: context) }
        }
        return store
    }

    /// This user's device id on this machine (made now if there is none yet).
    public func deviceID(in context: CommandContext) throws -> String {
        try DeviceIdentity.load(path: DeviceIdentity.path(stateHome: XDGFolders.stateHome(environment: context.environment)))
    }

    /// An unlocker for a copy of the vault under another master password (changed with
    /// `vault passwd` on another machine): it asks for that password (or reads the password
    /// file) and never touches the key cache.
    public func otherCopyUnlocker(in context: CommandContext) -> Unlocker {
        Unlocker(passwordSource: passwordSource(in: context), keyCache: NoKeyCache(),
                 prompt: "Master password of the other copy (changed there with vault passwd): ",
                 confirmCostlyDerivation: Self.confirmCostlyDerivation(context.terminal))
    }

    /// `vault sync` for the vault of these options, with `unlocker` for our copy; a copy whose
    /// key derivation costs less than ours is taken only when `acceptsWeakerKDF`.
    public func synchronizer(store: VaultStore, unlocker: Unlocker, acceptsWeakerKDF: Bool = false, in context: CommandContext) throws -> VaultSync {
        let keys = VaultFileMerge.Keys(ours: unlocker, otherPassword: otherCopyUnlocker(in: context), label: store.keyLabel,
                                       cacheGuard: { _, update in update() })
        let repository = try SyncRepository(vaultPath: store.path, environment: context.environment)
        let device = (try? deviceID(in: context)) ?? "unknown"
        return VaultSync(store: store, repository: repository, keys: keys, executable: context.executable,
                         commitMessage: "vault: changes on device \(device)", now: context.now,
                         seen: NewestSeen.Folder(stateHome: XDGFolders.stateHome(environment: context.environment)),
                         acceptsWeakerKDF: acceptsWeakerKDF)
    }

    public func passwordSource(in context: CommandContext) -> PasswordSource {
        let file = passwordFile ?? context.environment["VAULT_PASSWORD_FILE"]
        if let file, !file.isEmpty {
            return PasswordFile(path: file, warn: context.diagnostics.warning)
        }
        return TerminalPasswordPrompt(context.terminal)
    }

    /// The keyrings' cache, unless `--no-keyring` or the config turn it off.
    public func keyCache(in context: CommandContext) throws -> KeyCache {
        let config = try context.config()
        guard !noKeyring && config.keyring else { return NoKeyCache() }
        return keyrings(in: context, lifetime: KeyLifetime(timeToLive: config.keyringTimeout, idle: config.keyringIdle))
    }

    /// The keyrings, keeping keys for `lifetime`; a key that can be kept in neither is noted
    /// once.
    public func keyrings(in context: CommandContext, lifetime: KeyLifetime) -> Keyrings {
        let diagnostics = context.diagnostics
        return context.keyrings.keyrings(lifetime: lifetime) { reason in
            diagnostics.notice("the key is not cached (\(reason)); the master password will be asked each time")
        }
    }

    /// The keyrings, when this command keeps away from them (`--no-keyring`) but the config
    /// uses them: a rotation must still remove the old key, which opens old backups.
    public func keyringToClearOnRotation(in context: CommandContext) throws -> KeyCache? {
        guard noKeyring, try context.config().keyring else { return nil }
        return context.keyrings.keyrings()
    }

    /// The unlocker for this command: the password source of the options, `keyCache` (or the
    /// configured one), and a person's confirmation for a costly key derivation.
    public func unlocker(in context: CommandContext, keyCache: KeyCache? = nil) throws -> Unlocker {
        Unlocker(passwordSource: passwordSource(in: context), keyCache: try keyCache ?? self.keyCache(in: context),
                 confirmCostlyDerivation: Self.confirmCostlyDerivation(context.terminal))
    }

    /// An unlocker that opens the vault with the key cached in a keyring and nothing else: it
    /// never asks at the terminal and never reads a password file, and opening fails with
    /// `InputError.locked` when no key is cached (or the keyring is turned off). For shell
    /// completion, which runs at each Tab and must never prompt.
    public func cachedKeyUnlocker(in context: CommandContext) throws -> Unlocker {
        Unlocker(passwordSource: NoPasswordSource(), keyCache: try keyCache(in: context))
    }

    /// An unlocker for a command that must prove the current master password (`action`, such
    /// as "changing the master password"): it never takes the key from the keyring, though it
    /// still replaces the key kept there.
    public func reauthenticatingUnlocker(for action: String, in context: CommandContext) throws -> Unlocker {
        Unlocker(passwordSource: passwordSource(in: context), keyCache: try keyCache(in: context), reauthentication: action,
                 confirmCostlyDerivation: Self.confirmCostlyDerivation(context.terminal))
    }

    /// A header asking for a key derivation past the limit is derived only when a person at
    /// the terminal agrees, having been told what it costs; without a terminal it is refused.
    private static func confirmCostlyDerivation(_ access: TerminalAccess) -> (KDFCost) throws -> Void {
        { cost in
            guard let terminal = try? access.open() else {
                throw VaultOpenError.costlyKeyDerivation(description: cost.summaryWithEstimate())
            }
            let question = "This vault asks for \(cost.summaryWithEstimate()). A planted file would do this to pin the machine. Derive the key?"
            guard terminal.confirm(TerminalText.visible(question)) else { throw TerminalError.cancelled }
        }
    }

    /// Opens the vault and decodes the one entry a command is about.
    public func entry(named rawName: String, in context: CommandContext) throws -> Entry {
        let name = try EntryName.normalized(rawName)
        guard let entry = try store(in: context).open(using: unlocker(in: context)).entries.entry(named: name) else {
            throw EntryError.notFound(name)
        }
        return entry
    }
}
