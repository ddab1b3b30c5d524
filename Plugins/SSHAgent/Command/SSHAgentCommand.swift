import ArgumentParser
import SystemPackage
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// `vault ssh-agent`: an SSH agent serving the vault's SSH key entries on a Unix socket, while
/// the vault's key is cached.
struct SSHAgentCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh-agent",
        abstract: "Serve the vault's SSH keys to ssh, git and ssh-keygen (an SSH agent).",
        discussion: """
            Listens on a Unix socket (mode 0600; by default $XDG_RUNTIME_DIR/vault/ssh-agent.sock, \
            in a folder of mode 0700), detaches, and prints the shell lines that point ssh at it, \
            as ssh-agent does: eval "$(vault ssh-agent)". It lists and signs with every SSH key \
            entry (or those the config's "ssh_agent": {"entries": [globs]} names), the entry's name \
            as the key's comment, and only while the vault's key is cached: after `vault lock` \
            (or the key's timeout) it lists no key and signs nothing, and after `vault unlock` it \
            serves them again. Each key is read from the vault for the request and dropped after \
            it. Requests to add, remove or lock keys are refused. RSA signs with SHA-2 as the \
            client asks, and with SHA-1 (ssh-rsa) only when the config says \
            "ssh_agent": {"allow_sha1": true}. With --confirm (or "confirm": true) each signature \
            is asked for through SSH_ASKPASS, as for a key added with ssh-add -c. Exits 5 when an \
            agent already serves the socket.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("The socket to listen on (default: $XDG_RUNTIME_DIR/vault/ssh-agent.sock).", valueName: "path"),
            completion: .file())
    var socket: String?

    @Flag(help: "Stay attached, and log each request on standard error.")
    var foreground = false

    @Flag(help: "Ask through SSH_ASKPASS before each signature.")
    var confirm = false

    @Flag(help: "Stop the agent that serves the socket.")
    var kill = false

    /// Set on the agent that `vault ssh-agent` starts detached: it says on descriptor 3 that it
    /// listens (or why it cannot).
    @Flag(help: .hidden)
    var detached = false

    func validate() throws {
        if kill && (foreground || confirm || detached) { throw ValidationError("--kill stops an agent; it takes only --socket") }
        if foreground && detached { throw ValidationError("--foreground and --detached do not go together") }
        if vault.noKeyring && !kill { throw ValidationError("the agent serves keys while the vault's key is cached; drop --no-keyring") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let path = try AgentSocketPath.resolve(socket, environment: context.environment)
        if kill {
            let pid = try AgentStopper.stop(at: path)
            try context.streams.write("unset SSH_AUTH_SOCK;\nunset SSH_AGENT_PID;\necho Agent pid \(pid) killed;\n")
            return
        }
        // The vault must be there to be served.
        _ = try session.store.header()
        let config = try session.config()
        guard foreground || detached else {
            // Said here, with its own exit status, rather than by the agent that cannot start.
            if AgentSocketPath.isServed(path) { throw SSHAgentError.alreadyServed(path) }
            let pid = try AgentLauncher.launch(agentArguments(path: path, session: session), context: context)
            return try printEnvironment(path: path, pid: pid, to: context.streams)
        }
        do {
            let listener = try AgentListening.listen(at: path, environment: context.environment)
            if detached {
                AgentLauncher.reportReady()
            } else {
                try printEnvironment(path: path, pid: getpid(), to: context.streams)
            }
            // What clients send (extension names, program names) is shown with control
            // characters escaped, one request a line.
            let log: (String) -> Void = foreground ? { context.streams.writeError("vault ssh-agent: " + TerminalText.visible($0) + "\n") } : { _ in }
            let responder = AgentResponder(
                keys: VaultKeySource(context: context, selection: vault.selection, patterns: config.sshAgentEntries, log: log),
                policy: AgentResponder.Policy(allowsSHA1: config.sshAgentAllowsSHA1, confirmsEachSignature: confirm || config.sshAgentConfirms),
                confirm: AskpassConfirmation(environment: context.environment).ask,
                log: log)
            log("serving \(path)")
            let failure = AgentServer(listener: listener, responder: responder, log: log).run()
            throw SSHAgentError.stopped(String(cString: strerror(failure.rawValue)))
        } catch {
            if detached { AgentLauncher.reportFailure(error) }
            throw error
        }
    }

    /// The command line of the detached agent: this one, with `--detached` in the foreground's
    /// place and the vault's path as this run found it.
    private func agentArguments(path: String, session: VaultSession) -> [String] {
        ["ssh-agent", "--detached", "--socket", path, "--vault", session.store.path] + (confirm ? ["--confirm"] : [])
    }

    /// The shell lines that point ssh at the agent, as OpenSSH's ssh-agent prints them.
    private func printEnvironment(path: String, pid: pid_t, to streams: StandardStreams) throws {
        try streams.write("""
            SSH_AUTH_SOCK=\(ShellWord.quoted(path)); export SSH_AUTH_SOCK;
            SSH_AGENT_PID=\(pid); export SSH_AGENT_PID;
            echo Agent pid \(pid);

            """)
    }
}
