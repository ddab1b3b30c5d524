import ArgumentParser
import SystemPackage
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// `vault run -- COMMAND`: runs a program with the secrets its environment refers to, masking
/// them in what it prints, so that neither the shell's history nor a file holds them.
struct RunCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a command with the secret references in its environment resolved.",
        discussion: """
            Every environment variable whose value is a secret reference (vault://NAME or \
            vault://NAME#FIELD), and every line of the --env-file files (NAME=VALUE, later \
            ones winning), is given to the command with the secret instead, in its \
            environment only. Unless --no-masking, what the command writes to standard output \
            and error passes through vault, which prints <concealed by vault> in place of \
            each secret (the command then writes to pipes, not to the terminal). The exit \
            status is the command's (128 + N when signal N ended it; 127 when it cannot be \
            found); signals sent to vault are passed on to it. With no reference, nothing is \
            resolved and the vault is not opened.

            A process's environment can be read by every other process of the same user \
            (/proc/PID/environ): --stdin NAME gives the secret of the variable NAME on the \
            command's standard input instead, followed by a newline. See docs/security.md \
            for what masking cannot hide.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(name: .customLong("env-file"), help: ArgumentHelp("Add the variables of this file (NAME=VALUE lines); may be repeated.", valueName: "file"))
    var environmentFiles: [String] = []

    @Flag(name: .customLong("no-masking"), help: "Let the command write to vault's standard output and error directly, secrets unmasked.")
    var noMasking = false

    @Option(name: .customLong("stdin"), help: ArgumentHelp("Pass this variable's secret on the command's standard input instead of in its environment.", valueName: "name"))
    var stdinVariable: String?

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    /// The largest environment file read.
    static let environmentFileLimit = 1 << 20

    /// The command and its arguments, without the `--` before them.
    private var arguments: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func validate() throws {
        if arguments.isEmpty { throw ValidationError("give the command to run after --") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let files = try environmentFiles.map { path throws in
            try EnvironmentFile(parsing: InputFile(path: path, role: "an environment file", limit: Self.environmentFileLimit).text(), path: path)
        }
        let environment = try RunEnvironment(base: context.environment, files: files)
        let stdinReference = try stdinVariable.map { name throws(RunError) in
            guard let reference = environment.references[name] else { throw .stdinNotAReference(name) }
            return reference
        }
        let references = try RoutedReferences(Set(environment.references.values), in: session)
        let values = try references.resolve(at: context.now())
        let childEnvironment = try environment.resolved(with: values, withholding: stdinVariable)
        let input = stdinReference.map { Array(values[$0]!.utf8) + [UInt8(ascii: "\n")] }
        references.record(how: "into the environment of \(Paths.lastComponent(of: arguments[0]))")
        let status = try run(arguments, environment: childEnvironment, input: input,
                             masking: noMasking ? [] : Array(values.values), in: context)
        if status != 0 { throw ExitCode(status) }
    }

    /// Starts the command and waits for it, relaying its output when there is anything to mask
    /// or an input to give; returns its exit status.
    private func run(
        _ arguments: [String], environment: [String: String], input: [UInt8]?, masking secrets: [String], in context: CommandContext
    ) throws -> Int32 {
        let streams = context.streams
        let program = try executable(arguments[0], environment: environment, in: context)
        let relays = !secrets.isEmpty || input != nil
        var started: ChildProcess?
        return try TerminationSignals.forwarding(toChildStartedBy: {
            do throws(Errno) {
                let child = try ChildProcess.start(
                    program, Array(arguments.dropFirst()), environment: environment,
                    input: input == nil ? .shared(streams.input) : .pipe,
                    output: secrets.isEmpty ? .shared(streams.output) : .pipe,
                    errors: secrets.isEmpty ? .shared(streams.error) : .pipe)
                started = child
                return child.id
            } catch {
                context.diagnostics.error("cannot run \(arguments[0]): \(String(cString: strerror(error.rawValue)))")
                throw ExitCode(error == .noSuchFileOrDirectory ? 127 : 126)
            }
        }) {
            let child = started!
            guard relays else { return child.waitForExit() }
            var relay = MaskedRelay(child: child, secrets: secrets, output: streams.output, errors: streams.error, input: input ?? [])
            return relay.run(until: child)
        }
    }

    /// The program's path: as given when it holds a slash, else found in the absolute folders
    /// of the command's $PATH (exit 127 when it is not there, as a shell would).
    private func executable(_ name: String, environment: [String: String], in context: CommandContext) throws -> String {
        if name.contains("/") { return name }
        if let found = ExecutableLookup.find(name, environment: environment) { return found }
        context.diagnostics.error("cannot run \(name): no such program in the absolute folders of $PATH (give ./\(name) for one here)")
        throw ExitCode(127)
    }
}
