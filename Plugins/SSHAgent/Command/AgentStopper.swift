import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// `vault ssh-agent --kill`: finds the process that listens on the socket (the peer
/// credentials of a connection to it name the process that listens), which must be this
/// user's and vault's agent (its program `vault` or `vault-network`, run as `ssh-agent`: never
/// OpenSSH's agent, nor a service manager that listens on a socket for another), ends it with
/// SIGTERM and waits for it to be gone.
enum AgentStopper {
    static let waitSeconds = 5

    /// Stops the agent at `path`; its process id.
    static func stop(at path: String) throws(SSHAgentError) -> pid_t {
        guard let connection = try? UnixSocket.connect(to: path) else { throw .notServed(path) }
        let peer = try? UnixSocket.peer(of: connection)
        try? connection.close()
        guard let peer, peer.pid > 0 else { throw .cannotStop("cannot tell which process serves \(path)") }
        guard peer.uid == geteuid() else { throw .cannotStop("the agent at \(path) is user \(peer.uid)'s, not this user's") }
        guard isVaultAgent(peer.pid) else { throw .cannotStop("process \(peer.pid), which serves \(path), is not vault's agent") }
        guard Glibc.kill(peer.pid, SIGTERM) == 0 else {
            throw .cannotStop("cannot stop process \(peer.pid): \(String(cString: strerror(errno)))")
        }
        for _ in 0..<(waitSeconds * 20) {
            if !AgentSocketPath.isServed(path) { return peer.pid }
            usleep(50_000)
        }
        throw .cannotStop("process \(peer.pid) did not stop within \(waitSeconds) seconds")
    }

    /// Whether process `pid` runs vault's agent: its executable is `vault` or `vault-network`
    /// and `ssh-agent` is among its arguments.
    private static func isVaultAgent(_ pid: pid_t) -> Bool {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/\(pid)/exe", &target, target.count - 1)
        guard length > 0 else { return false }
        // An executable replaced since it started (an upgrade, a rebuild) reads "PATH (deleted)".
        var executable = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if executable.hasSuffix(" (deleted)") { executable.removeLast(" (deleted)".count) }
        guard let name = executable.split(separator: "/").last, ["vault", "vault-network"].contains(String(name)) else { return false }
        guard let fd = try? FileDescriptor.open("/proc/\(pid)/cmdline", .readOnly) else { return false }
        defer { try? fd.close() }
        let arguments = ((try? fd.readToEnd(limit: 64 * 1024)) ?? []).split(separator: 0)
        return arguments.dropFirst().contains { $0.elementsEqual("ssh-agent".utf8) }
    }
}
