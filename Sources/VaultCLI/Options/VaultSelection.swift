/// Which vault a command works on and how it may get the key, as the command line gave them
/// (`--vault`, `--password-file`, `--no-keyring`): plain values, which `VaultOptions` gives
/// after parsing and `HotCommandLine` by hand (`.defaults` for the completion scripts' line).
public struct VaultSelection: Equatable, Sendable {
    /// `--vault`: the vault file, when given.
    public var vaultPath: String?
    /// `--password-file`: where the master password is, when given.
    public var passwordFile: String?
    /// `--no-keyring`: neither look for nor keep the key in a keyring.
    public var noKeyring: Bool

    public init(vaultPath: String? = nil, passwordFile: String? = nil, noKeyring: Bool = false) {
        self.vaultPath = vaultPath
        self.passwordFile = passwordFile
        self.noKeyring = noKeyring
    }

    /// None of the three given.
    public static let defaults = VaultSelection()
}
