import VaultCore
import VaultSystem
import ArgumentParser

/// The options every command that opens the vault shares, core or plugin: which vault, where
/// the master password comes from, whether the keyring may cache the key, and the reason
/// recorded with the command's security events. A command pulls
/// them in with `@OptionGroup`; `VaultProgram` builds the command's `VaultSession` from them.
public struct VaultOptions: ParsableArguments {
    public init() {}

    @Option(
        name: .customLong("vault"),
        help: ArgumentHelp("The vault file (default: $VAULT_PATH, else $XDG_DATA_HOME/vault/vault.json).", valueName: "path"))
    public var vaultPath: String?

    @Option(help: ArgumentHelp("The team vault mounted at this prefix (vault team mount), instead of --vault.", valueName: "prefix"))
    public var mount: String?

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("Read the master password from the first line of this file (default: $VAULT_PASSWORD_FILE).", valueName: "file"))
    public var passwordFile: String?

    @Flag(help: "Neither look for nor keep the key in a keyring (the kernel's or the Secret Service).")
    public var noKeyring = false

    @Option(help: ArgumentHelp(
        "Why this command is run, recorded with its events in the security log (default: $VAULT_REASON).", valueName: "text"))
    public var reason: String?

    public func validate() throws {
        if vaultPath != nil && mount != nil { throw ValidationError("--mount and --vault name two vaults; give one") }
        if let reason, let problem = ReasonText.problem(with: reason) { throw ValidationError("--reason \(problem)") }
    }

    /// The options of a command that takes none: every one left out, as the parser leaves them
    /// (set one by one: an instance made with `init()` alone could not be read).
    public static var omitted: VaultOptions {
        var options = VaultOptions()
        options.vaultPath = nil
        options.mount = nil
        options.passwordFile = nil
        options.noKeyring = false
        options.reason = nil
        return options
    }

    /// The options as plain values, for the session.
    public var selection: VaultSelection {
        VaultSelection(vaultPath: vaultPath, mount: mount, passwordFile: passwordFile, noKeyring: noKeyring, reason: reason)
    }

    /// The vault path for an optional `--vault` value in an environment.
    public static func path(option vaultPath: String?, environment: [String: String]) -> String {
        if let vaultPath, !vaultPath.isEmpty { return vaultPath }
        if let fromEnvironment = environment["VAULT_PATH"], !fromEnvironment.isEmpty { return fromEnvironment }
        return XDGFolders.dataHome(environment: environment) + "/vault/vault.json"
    }
}
