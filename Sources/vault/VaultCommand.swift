import ArgumentParser
import VaultCLI
import VaultKit

/// The root command: parses the command line, runs the chosen subcommand, and turns every
/// failure into one line on standard error and the exit code the product contract promises.
@main
struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "A password vault for the command line.",
        discussion: """
            Entries live in one encrypted file (XChaCha20-Poly1305 or AES-256-GCM under an \
            Argon2id-derived key). The vault is $VAULT_PATH, or --vault PATH, or by default \
            $XDG_DATA_HOME/vault/vault.json. Scripts give the master password with \
            VAULT_PASSWORD_FILE or --password-file; it is never taken from the command line.

            Exit codes: 0 success, 1 error, 3 wrong master password or tampered vault, \
            4 entry or file not found, 5 already exists, 6 keyring or clipboard unavailable, \
            10 an analyzer found a problem, 64 usage error.
            """,
        version: "0.1.0",
        subcommands: coreCommands + BuiltinPlugins.all.flatMap(\.commands))

    /// The core commands, before every plugin's.
    static let coreCommands: [ParsableCommand.Type] = [
        InitCommand.self, AddCommand.self, GetCommand.self, ShowCommand.self, ListCommand.self,
        SearchCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self,
        ExportCommand.self, ImportCommand.self, PasswdCommand.self, RekeyCommand.self,
        UnlockCommand.self, LockCommand.self, StatusCommand.self, PluginsCommand.self,
        ClipboardClearCommand.self, KeyringExpireCommand.self,
    ]

    /// Every built-in command name and alias; these always win over external plugins.
    static var commandNames: Set<String> {
        Set(configuration.subcommands.flatMap(PluginRegistry.names(of:)) + ["help"])
    }

    static func main() {
        ProcessHardening.apply()
        do {
            try PluginRegistry.shared.register(BuiltinPlugins.all, coreCommands: coreCommands)
        } catch {
            Diagnostics.error(error.message)
            Glibc.exit(ExitStatus.failure.rawValue)
        }
        runExternalPluginIfAsked()
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let failure as VaultFailure {
            Diagnostics.error(failure.message)
            Glibc.exit(failure.exitStatus.rawValue)
        } catch is DecodingError, is EncodingError {
            Diagnostics.error("an entry could not be converted to or from JSON")
            Glibc.exit(ExitStatus.failure.rawValue)
        } catch {
            // Help requests, validation errors and explicit exit codes: the parser's own handling.
            exit(withError: error)
        }
    }
}

import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension VaultCommand {
    /// `vault NAME ARGS…` for a NAME that is no built-in command but a `vault-NAME` program:
    /// hand over to it (like git), with the vault path in its environment.
    static func runExternalPluginIfAsked() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, !name.hasPrefix("-"), !commandNames.contains(name) else { return }
        let environment = ProcessInfo.processInfo.environment
        guard let path = ExternalPlugins.find(name, environment: environment) else { return }
        let pluginArguments = Array(arguments.dropFirst())
        let vaultOption = ExternalPlugins.vaultOption(in: pluginArguments)
        let code = ExternalPlugins.exec(
            path, arguments: pluginArguments, vaultPath: VaultOptions.path(option: vaultOption, environment: environment),
            environment: environment)
        Diagnostics.error("cannot run \(path): \(String(cString: strerror(code)))")
        Glibc.exit(ExitStatus.failure.rawValue)
    }
}
