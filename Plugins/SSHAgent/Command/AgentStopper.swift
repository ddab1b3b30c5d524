import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// `vault ssh-agent --kill`: finds the process that listens on the socket (the peer
/// credentials of a connection to it name the process that listens), which must be this
/// user's, ends it with SIGTERM and waits for it to be gone.
enum AgentStopper {
    static let waitSeconds = 5

    /// Stops the agent at `path`; its process id.
    static func stop(at path: String) throws(SSHAgentError) -> pid_t {
        guard let connection = try? UnixSocket.connect(to: path) else { throw .notServed(path) }
        let peer = try? UnixSocket.peer(of: connection)
        try? connection.close()
        guard let peer, peer.pid > 0 else { throw .cannotStop("cannot tell which process serves \(path)") }
        guard peer.uid == geteuid() else { throw .cannotStop("the agent at \(path) is user \(peer.uid)'s, not this user's") }
        guard Glibc.kill(peer.pid, SIGTERM) == 0 else {
            throw .cannotStop("cannot stop process \(peer.pid): \(String(cString: strerror(errno)))")
        }
        for _ in 0..<(waitSeconds * 20) {
            if !AgentSocketPath.isServed(path) { return peer.pid }
            usleep(50_000)
        }
        throw .cannotStop("process \(peer.pid) did not stop within \(waitSeconds) seconds")
    }
}
