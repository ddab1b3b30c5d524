import VaultCore

/// Why `vault ssh-agent` cannot start or stop an agent.
public enum SSHAgentError: VaultFailure, Equatable {
    /// The socket's path cannot be used; why.
    case socketPath(String)
    /// A live agent serves the path already.
    case alreadyServed(String)
    /// No agent serves the path (`--kill`).
    case notServed(String)
    /// The socket cannot be made or listened on.
    case cannotListen(String, String)
    /// The detached agent did not start; what it said.
    case didNotStart(String)
    /// The agent at the path is another user's process, or did not stop.
    case cannotStop(String)
    /// The agent could not wait for its clients any more; why.
    case stopped(String)

    public var message: String {
        switch self {
        case .socketPath(let why): why
        case .alreadyServed(let path): "an agent already serves \(path) (vault ssh-agent --kill stops vault's)"
        case .notServed(let path): "no agent serves \(path)"
        case .cannotListen(let path, let why): "cannot listen on \(path): \(why)"
        case .didNotStart(let why): "the agent did not start: \(why)"
        case .cannotStop(let why): why
        case .stopped(let why): "the agent stopped: \(why)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .alreadyServed: .alreadyExists
        case .notServed: .notFound
        case .socketPath, .cannotListen, .didNotStart, .cannotStop, .stopped: .failure
        }
    }
}
