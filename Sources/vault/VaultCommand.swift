import ArgumentParser
import VaultCore

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
        subcommands: [
            InitCommand.self, AddCommand.self, GetCommand.self, ShowCommand.self, ListCommand.self,
            SearchCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self,
            ExportCommand.self, ImportCommand.self, PasswdCommand.self,
            UnlockCommand.self, LockCommand.self, StatusCommand.self, ClipboardClearCommand.self,
        ])

    static func main() {
        ProcessHardening.disableCoreDumps()
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
            Foundation.exit(failure.exitStatus.rawValue)
        } catch is DecodingError, is EncodingError {
            Diagnostics.error("an entry could not be converted to or from JSON")
            Foundation.exit(ExitStatus.failure.rawValue)
        } catch {
            // Help requests, validation errors and explicit exit codes: the parser's own handling.
            exit(withError: error)
        }
    }
}

import Foundation
