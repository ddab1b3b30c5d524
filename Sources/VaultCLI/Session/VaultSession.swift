import VaultCore
import VaultSystem
import FoundationEssentials

/// Everything one command works with, built once per command by `VaultProgram` from the
/// command's vault selection and the context: the config (the context's, read once), the vault's
/// path, the store (stamping changes with this user's device and telling the person what it
/// waits for), and the unlocker and keyrings the command's `KeyAccess` calls for. Commands open, change, rotate and
/// sync the vault through it and never build a store or an unlocker themselves.
public final class VaultSession: VaultAccess {
    /// The process the command runs in (or the test's stand-in for it).
    public let context: CommandContext
    /// The vault, password file and keyring choice the command was given.
    public let selection: VaultSelection
    /// How the command gets the vault's key.
    public let keyAccess: KeyAccess
    /// The vault file: `--vault`, else the team vault mounted at `--mount`, else `$VAULT_PATH`,
    /// else the XDG default.
    public let vaultPath: String
    /// The vault file's store.
    public let store: VaultStore
    /// The command as typed after `vault` (`get`, `attach get`), for its security events.
    public let command: String
    /// Where this user's device id is kept (`DeviceIdentity`).
    private let devicePath: String
    private var madeUnlocker: Unlocker?
    /// Whether a team vault opens with the identities of the person's own vault (not when this
    /// is the session of that vault).
    private let opensTeams: Bool
    /// For a team vault mounted in the person's own vault, that vault's session, whose
    /// identities open it (so the password is asked once for both).
    private var mountedIn: VaultSession?
    /// The kinds of password events this command recorded already (`recordPasswordTry`).
    var recordedPasswordTries: Set<SecurityEvent.Kind> = []
    /// The numbers of the events this command recorded in this device's chain.
    public internal(set) var recordedEvents: Set<UInt64> = []

    /// The session of the command `command` given `selection` and `keyAccess`, in `context`;
    /// a `--mount` prefix that names no mount is refused.
    public convenience init(command: String, selection: VaultSelection, keyAccess: KeyAccess, context: CommandContext) throws {
        var path = VaultOptions.path(option: selection.vaultPath, environment: context.environment)
        if let prefix = selection.mount { path = try context.config().mounts.path(of: prefix, home: context.environment["HOME"]) }
        self.init(command: command, selection: selection, keyAccess: keyAccess, context: context, vaultPath: path)
    }

    private init(
        command: String, selection: VaultSelection, keyAccess: KeyAccess, context: CommandContext, vaultPath: String, opensTeams: Bool = true
    ) {
        self.opensTeams = opensTeams
        self.context = context
        self.command = command
        self.selection = selection
        self.keyAccess = keyAccess
        self.vaultPath = vaultPath
        let diagnostics = context.diagnostics
        let devicePath = DeviceIdentity.path(stateHome: XDGFolders.stateHome(environment: context.environment))
        self.devicePath = devicePath
        // A command that never asks (completion, at each Tab) says nothing while it waits either.
        let events = keyAccess == .cachedOnly
            ? StoreEvents.silent
            : StoreEvents(lockWait: { path in diagnostics.note("Waiting for another vault command to finish with \(path)…") },
                          warning: diagnostics.warning)
        let log = EventLogFiles(vaultPath: VaultStore.resolved(vaultPath))
        store = VaultStore(
            path: vaultPath,
            origin: ChangeOrigin(device: { try DeviceIdentity.load(path: devicePath) }, now: context.now,
                                 logAnchor: { log.anchor(device: $0, after: $1) }),
            events: events, work: context.work, teamPins: TeamPins(stateHome: XDGFolders.stateHome(environment: context.environment),
                                                                 trustsFirstSight: keyAccess != .cachedOnly))
    }

    /// The same command's session for another vault file (shell completion, which completes
    /// the `--vault` of the line being typed): the same config and key access, and an unlocker
    /// of its own, so it is made before this session's unlocker is used.
    public func forVault(at path: String) -> VaultSession {
        var selection = selection
        selection.vaultPath = path
        return VaultSession(command: command, selection: selection, keyAccess: keyAccess, context: context, vaultPath: path)
    }

    /// The same session with nobody at the terminal to ask (git's credential helper under
    /// `GIT_TERMINAL_PROMPT=0`), and an unlocker of its own (whose password source has no
    /// terminal), so it is made before this session's unlocker is used.
    public func withoutTerminal() -> VaultSession {
        var quiet = context
        quiet.terminal = .none
        return VaultSession(command: command, selection: selection, keyAccess: keyAccess, context: quiet, vaultPath: vaultPath)
    }

    /// The settings file (`$XDG_CONFIG_HOME/vault/config.json`), read once per command.
    public func config() throws -> VaultConfig { try context.config() }

    /// Messages for the person, on standard error.
    public var diagnostics: Diagnostics { context.diagnostics }

    /// This user's device id on this machine (made now if there is none yet).
    public func deviceID() throws -> String {
        try DeviceIdentity.load(path: devicePath)
    }

    /// The command's unlocker, made on first use for its `KeyAccess` and kept for the whole
    /// command, so the password is asked at most once.
    public func unlocker() throws -> Unlocker {
        if let madeUnlocker { return madeUnlocker }
        let made: Unlocker
        switch keyAccess {
        case .cachedOrPassword:
            made = Unlocker(passwordSource: passwordSource(), keyCache: try keyCache(), confirmCostlyDerivation: confirmCostlyDerivation)
        case .cachedOnly:
            made = Unlocker(passwordSource: NoPasswordSource(), keyCache: try keyCache())
        case .passwordAgain(let action):
            made = Unlocker(passwordSource: passwordSource(), keyCache: try keyCache(), reauthentication: action,
                            confirmCostlyDerivation: confirmCostlyDerivation)
        }
        made.passwordTried = recordPasswordTry
        if let mountedIn {
            made.teamIdentities = mountedIn.ownIdentities
        } else if opensTeams {
            made.teamIdentities = personalIdentities
        }
        madeUnlocker = made
        return made
    }

    /// The person's team identities, from their own vault ($VAULT_PATH, else the default):
    /// what opens a team vault given by --vault. That vault's session opens no team vault in
    /// turn: a team vault given as one's own is refused.
    private func personalIdentities() throws -> [MemberIdentity] {
        try ownVault().ownIdentities()
    }

    /// The team identities of this session's vault, the person's own.
    private func ownIdentities() throws -> [MemberIdentity] {
        if try store.header().isTeam { throw VaultOpenError.ownVaultIsATeamVault(path: store.path) }
        return try state().identities.compactMap { try $0.identity() }
    }

    /// The session of the team vault mounted at `prefix` (at `path`), opened with this
    /// session's identities: the same command, config and key access.
    public func mounted(at prefix: String, path: String) -> VaultSession {
        var selection = selection
        selection.mount = prefix
        let session = VaultSession(command: command, selection: selection, keyAccess: keyAccess, context: context, vaultPath: path)
        session.mountedIn = self
        return session
    }

    /// The session of the person's own vault ($VAULT_PATH, else the default), which opens no
    /// team vault.
    private func ownVault() -> VaultSession {
        VaultSession(command: command, selection: selection, keyAccess: keyAccess, context: context,
                     vaultPath: VaultOptions.path(option: nil, environment: context.environment), opensTeams: false)
    }

    /// The vault's first team identity, made (and said so) when it has none. Read again after
    /// that change: another command may have made one first, or the sync that follows (with
    /// `sync.auto`) brought an earlier one from another machine.
    public func firstIdentity() throws -> MemberIdentity {
        // A team vault is read by every member: an identity made there would be theirs too.
        if try store.header().isTeam { throw VaultOpenError.identityNotInATeamVault }
        var first = try state().identities.first
        if first == nil {
            let made = try mutate(entriesNamed: []) { table in table.state.identities.isEmpty ? try table.makeIdentity() : nil }
            first = try state().identities.first
            if let made, made == first { diagnostics.note("Made your identity for team vaults; its secret is kept in \(store.path).") }
        }
        guard let identity = try first?.identity() else { throw VaultOpenError.malformedPayload("the vault's identity is not a 32-byte seed") }
        return identity
    }

    /// A stamp for a change made now on this device, outside a vault (a new team's first member list).
    public func changeStamp() throws -> Stamp {
        Stamp(milliseconds: Stamp.milliseconds(of: context.now()), device: try deviceID())
    }

    /// The decrypted vault.
    public func open() throws -> OpenVault {
        try store.open(using: unlocker())
    }

    /// The names of the vault's entries, in order, for shell completion: through the sealed
    /// name list kept in the runtime folder (`NameListCache`) while the file is unchanged.
    public func entryNames() throws -> [String] {
        try store.entryNames(using: unlocker(), cache: NameListCache(environment: context.environment))
    }

    /// The vault's state, read without decrypting any entry (`VaultStore.state(using:)`).
    public func state() throws -> VaultState {
        try store.state(using: unlocker())
    }

    /// The entries called `names` (each in NFC), looked up without opening the whole vault.
    public func entries(named names: [String]) throws -> [Entry?] {
        try store.entries(named: names, using: unlocker())
    }

    /// The one entry a command is about, by the name the person gave.
    public func entry(givenAs rawName: String) throws -> Entry {
        let name = try EntryName.normalized(rawName)
        guard let entry = try entry(named: name) else { throw EntryError.notFound(name) }
        return entry
    }

    /// Runs `change` on the entries under the vault's lock and writes the result; then, when
    /// the config asks for it, commits (and syncs) the change (`AutoSync`). With `names`,
    /// `change` gets the entries of those names (each in NFC) alone, which is all it may ask
    /// about, and the others are neither decrypted nor sealed again (`VaultStore.mutate`).
    public func mutate<R>(entriesNamed names: [String]?, _ change: (EntryTable) throws -> R) throws -> R {
        let result = try store.mutate(entriesNamed: names, using: unlocker(), change)
        AutoSync.afterChange(in: self)
        return result
    }

    /// Runs `change` as `mutate` does, with the vault's attachment storage to seal contents
    /// into and open them from (`VaultStore.mutateWithAttachments`).
    public func mutateWithAttachments<R>(entriesNamed names: [String]?, _ change: (EntryTable, AttachmentStorage) throws -> R) throws -> R {
        let result = try store.mutateWithAttachments(entriesNamed: names, using: unlocker(), change)
        AutoSync.afterChange(in: self)
        return result
    }

    /// The entry the person named and the content of its attachment `attachmentName` (nil when
    /// it has none), read together (`VaultStore.entry(named:withContentOf:using:)`).
    public func entry(givenAs rawName: String, withContentOf attachmentName: String) throws -> (entry: Entry, content: SecureBytes?) {
        let name = try EntryName.normalized(rawName)
        guard let found = try store.entry(named: name, withContentOf: attachmentName, using: unlocker()) else { throw EntryError.notFound(name) }
        return found
    }

    /// Runs `body` on the vault and the storage of its attachments' contents, as one read of
    /// the file holds them (`VaultStore.open(using:withContents:)`).
    public func open<T>(withContents body: (OpenVault, AttachmentStorage) throws -> T) throws -> T {
        try store.open(using: unlocker(), withContents: body)
    }

    /// Replaces every key of the vault (`passwd` with `newPassword`, `rekey` without), with
    /// `newKDF` if given; the keyring this command stays away from (`--no-keyring`) loses the
    /// old key too. Then commits (and syncs) as `mutate` does.
    public func rotateKeys(newPassword: (() throws -> SecureBytes)?, newKDF: KDFParameters?) throws {
        try store.rotateKeys(using: unlocker(), newPassword: newPassword, newKDF: newKDF, alsoClearing: keyringToClearOnRotation())
        AutoSync.afterChange(in: self)
    }

    /// The git repository the vault file is synced through, worked on by the context's git.
    public func repository() throws(SyncError) -> SyncRepository {
        try context.git.repository(of: store.path)
    }

    /// `vault sync` for this vault, with the session's unlocker for our copy; a copy whose key
    /// derivation costs less than ours is taken only when `acceptsWeakerKDF`.
    public func synchronizer(acceptsWeakerKDF: Bool = false) throws -> VaultSync {
        let keys = VaultFileMerge.Keys(ours: try unlocker(), otherPassword: otherCopyUnlocker(), label: store.keyLabel,
                                       cacheGuard: ImmediateCacheUpdates())
        let repository = try repository()
        let device = (try? deviceID()) ?? "unknown"
        return VaultSync(store: store, repository: repository, keys: keys, drivers: OwnCommandLines.gitDrivers(executable: context.executable),
                         commitMessage: "vault: changes on device \(device)", now: context.now,
                         seen: NewestSeen.Folder(stateHome: XDGFolders.stateHome(environment: context.environment)),
                         acceptsWeakerKDF: acceptsWeakerKDF, attachmentLimit: try config().attachmentsMaxMiB << 20)
    }
}
