import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Opens the agent's socket: the default folder made and checked, a socket left by an agent
/// that is gone removed (a live one is refused), the socket bound with mode 0600, and removed
/// again when a signal ends the agent, if it is still this one.
enum AgentListening {
    static func listen(at path: String, environment: [String: String]) throws(SSHAgentError) -> FileDescriptor {
        try AgentSocketPath.prepareFolder(of: path, environment: environment)
        try AgentSocketPath.clearStale(path)
        let listener: FileDescriptor
        do {
            listener = try UnixSocket.listen(at: path)
        } catch {
            throw .cannotListen(path, error.rawValue == ENAMETOOLONG
                ? "a socket's path has at most \(UnixSocket.maximumPathLength) bytes" : String(cString: strerror(error.rawValue)))
        }
        // Removed only while it is still this agent's socket (not one that took its place).
        var bound = stat()
        if lstat(path, &bound) == 0 {
            let (device, inode) = (bound.st_dev, bound.st_ino)
            TerminationSignals.beforeEnding {
                var now = stat()
                if lstat(path, &now) == 0 && now.st_dev == device && now.st_ino == inode { unlink(path) }
            }
        }
        return listener
    }
}
