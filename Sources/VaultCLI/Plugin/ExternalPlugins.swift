import VaultCore
import VaultSystem
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// External plugins: executables named `vault-NAME` on PATH or in
/// `$XDG_DATA_HOME/vault-plugins/`, run as `vault NAME ARGS…` the way git runs its
/// subcommands. They get the vault path and the output mode in their environment, never a key
/// or the master password (VAULT_PASSWORD_FILE is removed).
///
/// The plugin folder is beside the vault's folder (`$XDG_DATA_HOME/vault`), not in it: that
/// one becomes a git work tree when the vault is synced, and nothing a git remote sends may
/// ever run here. For the same reason a plugin folder that is in a git work tree (a data
/// folder kept in git) is not searched at all.
public enum ExternalPlugins {
    /// One external plugin found on this system.
    public struct Found: Equatable, Encodable {
        public var name: String
        public var path: String
    }

    /// The user's plugin folder, `$XDG_DATA_HOME/vault-plugins`.
    public static func userFolder(environment: [String: String]) -> String {
        XDGFolders.dataHome(environment: environment) + "/vault-plugins"
    }

    /// The folder that held plugins before, inside the vault's folder: never searched now, and
    /// `vault plugins` says so while it still holds one.
    public static func formerFolder(environment: [String: String]) -> String {
        XDGFolders.dataHome(environment: environment) + "/vault/plugins"
    }

    /// The folders searched, in order: the user's plugin folder (unless it is in a git work
    /// tree), then PATH.
    public static func folders(environment: [String: String]) -> [String] {
        let user = userFolder(environment: environment)
        return (Paths.isInGitWorkTree(user) ? [] : [user]) + ExecutableLookup.folders(environment: environment)
    }

    /// Every `vault-NAME` executable, the first of each name winning.
    public static func all(environment: [String: String]) -> [Found] {
        var found: [Found] = []
        for folder in folders(environment: environment) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for file in names.sorted() where file.hasPrefix("vault-") && file.count > 6 && !file.hasPrefix("vault--") {
                let name = String(file.dropFirst(6))
                let path = folder + "/" + file
                if isExecutableFile(path), !found.contains(where: { $0.name == name }) {
                    found.append(Found(name: name, path: path))
                }
            }
        }
        return found
    }

    /// The `vault-NAME` files left in the former plugin folder, which are not run.
    public static func leftInFormerFolder(environment: [String: String]) -> [String] {
        let folder = formerFolder(environment: environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("vault-") }.sorted().map { folder + "/" + $0 }
    }

    /// The executable for `vault NAME`, if there is one.
    public static func find(_ name: String, environment: [String: String]) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return folders(environment: environment).map { "\($0)/vault-\(name)" }.first(where: isExecutableFile)
    }

    /// The value of a `--vault PATH` or `--vault=PATH` among a plugin's arguments, which vault
    /// honours for VAULT_PATH as every command does (the arguments are passed on unchanged).
    public static func vaultOption(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--vault", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--vault=") { return String(argument.dropFirst("--vault=".count)) }
        }
        return nil
    }

    /// A regular file this user may run (a folder called vault-NAME is no plugin).
    public static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// Replaces this process with the plugin, so its exit status is vault's. Returns only if
    /// the plugin could not be started.
    public static func exec(
        _ path: String, arguments: [String], vaultPath: String, environment: [String: String], executable: String
    ) -> Int32 {
        var environment = environment
        environment["VAULT_PASSWORD_FILE"] = nil
        environment["VAULT_PATH"] = vaultPath
        environment["VAULT_OUTPUT"] = arguments.contains("--json") ? "json" : "text"
        environment["VAULT_EXECUTABLE"] = executable
        return ProcessImage.replace(with: path, arguments: arguments, environment: environment)
    }
}
