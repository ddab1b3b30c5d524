/// Which vault a command works on, how it may get the key and why it is run, as the command
/// line gave them (`--vault` or `--mount`, `--password-file`, `--no-keyring`, `--reason`): plain values, which `VaultOptions` gives
/// after parsing and `HotCommandLine` by hand (`.defaults` for the completion scripts' line).
public struct VaultSelection: Equatable, Sendable {
    /// `--vault`: the vault file, when given.
    public var vaultPath: String?
    /// `--mount`: the prefix of a mounted team vault (`MountTable`), when given.
    public var mount: String?
    /// `--password-file`: where the master password is, when given.
    public var passwordFile: String?
    /// `--no-keyring`: neither look for nor keep the key in a keyring.
    public var noKeyring: Bool
    /// `--reason`: what the command is run for, recorded with its security events.
    public var reason: String?

    public init(vaultPath: String? = nil, mount: String? = nil, passwordFile: String? = nil, noKeyring: Bool = false, reason: String? = nil) {
        self.vaultPath = vaultPath
        self.mount = mount
        self.passwordFile = passwordFile
        self.noKeyring = noKeyring
        self.reason = reason
    }

    /// Whether the command is about the person's own vault, whose names lead into the mounted
    /// team vaults: neither `--vault` nor `--mount` given.
    public var isOwnVault: Bool { (vaultPath ?? "").isEmpty && mount == nil }

    /// None of them given.
    public static let defaults = VaultSelection()
}
