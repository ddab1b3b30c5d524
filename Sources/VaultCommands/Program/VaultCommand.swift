import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The root command of `vault`: `vault` itself, its version, and its subcommands (core first,
/// then every local built-in plugin's). `VaultProgram.local` parses with it; vault-network's root
/// (`NetworkVaultCommand`) is the same with the network plugins' commands among them.
public struct VaultCommand: ParsableCommand {
    /// The root command as the argument parser makes it; `VaultProgram` parses it.
    public init() {}

    public static let configuration = rootConfiguration(plugins: BuiltinPlugins.all(network: []))

    /// The root command's configuration with the commands of `plugins` after the core's.
    public static func rootConfiguration(plugins: [any VaultPlugin]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "vault",
            abstract: "A password vault for the command line.",
            discussion: """
                Entries live in one encrypted file (XChaCha20-Poly1305 or AES-256-GCM under an \
                Argon2id-derived key). The vault is $VAULT_PATH, or --vault PATH, or by default \
                $XDG_DATA_HOME/vault/vault.json. Scripts give the master password with \
                VAULT_PASSWORD_FILE or --password-file; it is never taken from the command line.

                Exit codes: 0 success, 1 error, 3 wrong master password or tampered vault, \
                4 entry or file not found, 5 already exists, 6 unavailable (a keyring, the \
                clipboard, or a program or library a command needs), 10 an analyzer found a \
                problem, 64 usage error, 130 a choice cancelled (vault pick). vault run exits with \
                its command's status.
                """,
            version: version,
            subcommands: coreCommands + plugins.flatMap(\.commands))
    }

    /// What `vault --version` prints.
    public static let version = "0.1.0"

    /// The core commands, before every plugin's.
    public static let coreCommands: [ParsableCommand.Type] = [
        InitCommand.self, AddCommand.self, GetCommand.self, OTPCommand.self, ShowCommand.self, ListCommand.self,
        SearchCommand.self, PickCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self, AttachCommand.self,
        ExportCommand.self, ImportCommand.self, PasswdCommand.self, RekeyCommand.self, DestroyCommand.self,
        UnlockCommand.self, LockCommand.self, StatusCommand.self, LogCommand.self, IdentityCommand.self, TeamCommand.self, SyncCommand.self, AuditCommand.self, PluginsCommand.self,
        ReadCommand.self, RunCommand.self, InjectCommand.self, GitCredentialCommand.self,
        ClipboardClearCommand.self, KeyringExpireCommand.self, CompleteEntriesCommand.self,
    ]

    /// The names and aliases of `coreCommands`, in their order, as data: what every run checks
    /// the plugins' names against and counts among its own (`PluginRegistry.commandNames`, so
    /// that no external `vault-NAME` on PATH runs in a core command's place), without reading
    /// each core command's configuration, which would cost every command line, `get` among
    /// them, start-up time. (CLITests checks them against the commands themselves.)
    public static let coreCommandNames = [
        "init", "add", "get", "otp", "show", "list", "ls",
        "search", "pick", "edit", "mv", "rm", "attach",
        "export", "import", "passwd", "rekey", "destroy",
        "unlock", "lock", "status", "log", "identity", "team", "sync", "audit", "plugins",
        "read", "run", "inject", "git-credential",
        "clipboard-clear", "keyring-expire", "complete-entries",
    ]
}
