import Foundation
import SystemPackage
import VaultCLI
import VaultCommands
import VaultNetwork
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Runs a `vault` command line inside the test process: the same `VaultProgram.run` the
/// executable's `main` calls, with a context built from the test's world instead of the
/// process's. The environment is exactly the one given; standard input, output and error are
/// files in `ioFolder` (as for a started process); there is no terminal; the clipboards are the
/// real ones the environment names, the keyring is the Secret Service of the test process's own
/// session bus (libsecret finds it from the process's environment), and helpers (the clipboard
/// clearer, the key expirer) are started from the built `vault` binary. The command runs on a
/// thread of its own (`CommandThread`).
///
/// What only a process has stays with `RunningVault`: signals, a kill at a random moment,
/// concurrent commands, a pseudo-terminal, the limits and hardening `main` applies, external
/// plugins (which replace the process), and a working folder (paths given here are absolute).
package enum InProcessVault {
    /// The whole program (vault-network's: every plugin, the network ones among them), built
    /// once for every run as `main` builds it. SIGPIPE is ignored in the test process from then
    /// on, as the commands that feed helpers through pipes would otherwise switch it for the
    /// whole process while other commands run.
    package static let program: VaultProgram = {
        signal(SIGPIPE, SIG_IGN)
        do throws(PluginError) { return try NetworkProgram.whole() } catch { fatalError("the built-in plugins do not register: \(error.message)") }
    }()

    /// The whole program's plugins.
    package static var plugins: PluginRegistry { program.plugins }

    /// Runs `vault arguments…`; `adjust` may change the context first, to give the command a
    /// terminal, a keyring or clipboards of the test's own (what it puts in stays the test's).
    package static func run(
        _ arguments: [String], stdin: Data?, environment: [String: String], ioFolder: String,
        adjust: (inout CommandContext) -> Void = { _ in }
    ) async throws -> VaultResult {
        let base = ioFolder + "/" + UUID().uuidString
        let inputPath = stdin == nil ? "/dev/null" : base + ".in"
        if let stdin { try stdin.write(to: URL(fileURLWithPath: inputPath)) }
        let input = try FileDescriptor.open(inputPath, .readOnly, options: .closeOnExec)
        let output = try FileDescriptor.open(base + ".out", .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: .ownerReadWrite)
        let errors = try FileDescriptor.open(base + ".err", .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: .ownerReadWrite)
        defer { for descriptor in [input, output, errors] { try? descriptor.close() } }
        var context = context(environment: environment, streams: StandardStreams(input: input, output: output, error: errors))
        adjust(&context)
        let started = ContinuousClock.now
        let thread = CommandThread()
        defer { thread.finish() }
        let status = await withTaskExecutorPreference(thread) { await program.run(arguments, in: context) }
        return VaultResult(
            arguments: arguments, termination: .exited(status),
            stdoutData: FileManager.default.contents(atPath: base + ".out") ?? Data(),
            stderrData: FileManager.default.contents(atPath: base + ".err") ?? Data(),
            started: started, elapsed: ContinuousClock.now - started)
    }

    /// The context a command run here gets: `environment`, `streams`, no terminal, the system's
    /// keyrings and clipboards, the built-in plugins, the clock, the built `vault` for helpers,
    /// and the processors, as `main` gives them.
    package static func context(environment: [String: String], streams: StandardStreams) -> CommandContext {
        let executable = VaultBinary.path
        let now: @Sendable () -> Date = { Date() }
        return CommandContext(
            environment: environment, streams: streams, terminal: .none,
            keyrings: .system(executable: executable, environment: environment, now: now),
            clipboards: .system(environment: environment, streams: streams, executable: executable),
            git: .system(environment: environment), plugins: program.plugins, now: now, executable: executable, ownsProcess: false,
            work: .dispatch())
    }
}
