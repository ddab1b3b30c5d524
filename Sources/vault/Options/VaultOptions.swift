import ArgumentParser
import Foundation
import VaultCore

/// The options every command that opens the vault shares: which vault, where the master
/// password comes from, and whether the keyring may cache the key. Builds the store, the key
/// cache and the unlocker the command runs against.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .customLong("vault"),
        help: ArgumentHelp("The vault file (default: $VAULT_PATH, else $XDG_DATA_HOME/vault/vault.json).", valueName: "path"))
    var vaultPath: String?

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("Read the master password from the first line of this file (default: $VAULT_PASSWORD_FILE).", valueName: "file"))
    var passwordFile: String?

    @Flag(help: "Neither look for nor keep the key in the Secret Service keyring.")
    var noKeyring = false

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The vault path: the option, the environment, or the XDG default.
    var path: String {
        if let vaultPath, !vaultPath.isEmpty { return vaultPath }
        if let fromEnvironment = environment["VAULT_PATH"], !fromEnvironment.isEmpty { return fromEnvironment }
        var dataHome = environment["XDG_DATA_HOME"] ?? ""
        if !dataHome.hasPrefix("/") {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/vault/vault.json"
    }

    /// The settings file's contents.
    func config() throws -> VaultConfig {
        try VaultConfig.load(path: VaultConfig.path(environment: environment))
    }

    func store() -> VaultStore {
        let store = VaultStore(path: path)
        store.onLockWait = { [path = store.path] in
            Diagnostics.note("Waiting for another vault command to finish with \(path)…")
        }
        return store
    }

    func passwordSource() -> PasswordSource {
        let file = passwordFile ?? environment["VAULT_PASSWORD_FILE"]
        if let file, !file.isEmpty {
            return PasswordFile(path: file, warn: Diagnostics.warning)
        }
        return TerminalPasswordPrompt()
    }

    /// The Secret Service cache, unless `--no-keyring` or the config turn it off.
    func keyCache() throws -> KeyCache {
        let config = try config()
        guard !noKeyring && config.keyring else { return NoKeyCache() }
        return SecretServiceKeyCache(timeToLive: config.keyringTimeout) { reason in
            Diagnostics.notice("the key is not cached (\(reason)); the master password will be asked each time")
        }
    }

    func unlocker() throws -> Unlocker {
        Unlocker(passwordSource: passwordSource(), keyCache: try keyCache())
    }

    /// Opens the vault and decodes the one entry a command is about.
    func entry(named rawName: String) throws -> Entry {
        let name = try EntryName.normalized(rawName)
        guard let entry = try store().open(using: unlocker()).entries.entry(named: name) else {
            throw EntryError.notFound(name)
        }
        return entry
    }
}

/// `--json`, for the commands that print data.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}
