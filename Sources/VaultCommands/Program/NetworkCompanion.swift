import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// vault-network, the whole program (every command and plugin, with the breach check and the
/// TLS audit and their network libraries), to which `vault` hands a command line it does not
/// carry. It is installed beside `vault` or in `../libexec/vault/`, and only looked for there
/// (absolute paths from vault's own, never on PATH, never `vault` itself under that name), so
/// what runs in vault's place is what was installed with it.
public struct NetworkCompanion: Sendable {
    /// Where the companion is.
    public enum Location: Sendable, Equatable {
        case installed(String)
        /// Not installed: the paths looked at.
        case missing([String])
    }

    /// The commands only the companion has.
    public let commandNames: [String]
    private let locate: @Sendable () -> Location
    private let handOver: @Sendable (_ path: String, _ arguments: [String], _ context: CommandContext) -> Int32

    /// A companion found by `locate` when it is needed, which runs a command line with
    /// `handOver` (replacing the process, or returning the exit status of a failure to).
    public init(
        commandNames: [String], locate: @escaping @Sendable () -> Location,
        handOver: @escaping @Sendable (_ path: String, _ arguments: [String], _ context: CommandContext) -> Int32
    ) {
        self.commandNames = commandNames
        self.locate = locate
        self.handOver = handOver
    }

    /// Runs `vault arguments…` in the companion: the process becomes it, with the same arguments
    /// and environment, and its exit status is vault's. Returns only when it could not: when it
    /// is not installed, after saying so (exit 6).
    public func run(_ arguments: [String], in context: CommandContext) -> Int32 {
        switch locate() {
        case .installed(let path):
            return handOver(path, arguments, context)
        case .missing(let paths):
            let looked = paths.isEmpty ? "the path of this vault is not known" : "looked for " + paths.joined(separator: " and ")
            context.diagnostics.error("this needs vault-network (the breach, TLS and SSH agent plugins), which is not installed: \(looked)")
            return ExitStatus.unavailable.rawValue
        }
    }

    /// The same, or nil, without a word, when the companion is not installed: for help and usage
    /// errors, which `vault` then gives itself (without the network plugins' commands).
    public func runIfInstalled(_ arguments: [String], in context: CommandContext) -> Int32? {
        guard case .installed(let path) = locate() else { return nil }
        return handOver(path, arguments, context)
    }

    /// The paths vault-network is looked for at, in order, for the `vault` at `executable`: in
    /// its own folder, then in `../libexec/vault` (where `make install` puts it). None when
    /// `executable` is not an absolute path.
    public static func paths(beside executable: String) -> [String] {
        guard executable.hasPrefix("/"), let slash = executable.lastIndex(of: "/") else { return [] }
        let folder = String(executable[..<slash])
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        return [folder + "/vault-network", parent + "/libexec/vault/vault-network"]
    }

    /// The variable in which `vault` tells vault-network its own path, so that the helpers
    /// vault-network starts (the clipboard clearer, the key expirer) and the drivers it names
    /// in git's config are that `vault`, as for an external plugin.
    public static let callerVariable = "VAULT_EXECUTABLE"

    /// For vault-network's `main`: the `vault` that handed the command line over (an executable
    /// at an absolute path in `callerVariable`, which is taken out of `environment`), if any.
    public static func caller(in environment: inout [String: String]) -> String? {
        guard let path = environment.removeValue(forKey: callerVariable), path.hasPrefix("/"),
              ExternalPlugins.isExecutableFile(path) else { return nil }
        return path
    }

    /// The installed companion of the `vault` at `executable`.
    public static func installed(beside executable: String) -> NetworkCompanion {
        NetworkCompanion(commandNames: BuiltinPlugins.networkCommandNames, locate: {
            let candidates = paths(beside: executable)
            let found = candidates.first { ExternalPlugins.isExecutableFile($0) && !isSameFile($0, executable) }
            return found.map(Location.installed) ?? .missing(candidates)
        }, handOver: { path, arguments, context in
            var environment = context.environment
            environment[callerVariable] = executable
            let code = ProcessImage.replace(with: path, arguments: arguments, environment: environment)
            context.diagnostics.error("cannot run \(path): \(String(cString: strerror(code)))")
            return ExitStatus.failure.rawValue
        })
    }

    /// Whether two paths name one file: a `vault` copied or linked under the companion's name
    /// would otherwise hand every such command line to itself, for ever.
    private static func isSameFile(_ one: String, _ other: String) -> Bool {
        var first = stat(), second = stat()
        return stat(one, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
