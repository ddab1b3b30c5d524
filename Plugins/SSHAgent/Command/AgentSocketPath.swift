import SystemPackage
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Where the agent listens: `--socket PATH`, else `$XDG_RUNTIME_DIR/vault/ssh-agent.sock`,
/// whose folder is made (mode 0700) when it is missing and must be the user's own and closed
/// to others when it is there; and whether a live agent serves a path already.
enum AgentSocketPath {
    static let defaultName = "ssh-agent.sock"

    /// The socket's path from `option` (made absolute: `SSH_AUTH_SOCK` must hold after a `cd`)
    /// or the environment.
    static func resolve(_ option: String?, environment: [String: String]) throws(SSHAgentError) -> String {
        if let option {
            guard !option.isEmpty else { throw .socketPath("--socket is empty") }
            guard !option.hasPrefix("/") else { return option }
            guard let folder = getcwd(nil, 0) else { throw .socketPath("the current folder cannot be told, so give --socket as an absolute path") }
            defer { free(folder) }
            return String(cString: folder) + "/" + option
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            throw .socketPath("XDG_RUNTIME_DIR is not set, so there is no default socket: give --socket PATH")
        }
        return runtime + "/vault/" + defaultName
    }

    /// Makes the default socket's folder when `path` is the default one, and checks it.
    static func prepareFolder(of path: String, environment: [String: String]) throws(SSHAgentError) {
        guard let runtime = environment["XDG_RUNTIME_DIR"], path == runtime + "/vault/" + defaultName else { return }
        let folder = runtime + "/vault"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .socketPath("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else {
            throw .socketPath("\(folder) is not a folder of this user's")
        }
        if status.st_mode & 0o077 != 0 && chmod(folder, 0o700) != 0 {
            throw .socketPath("\(folder) is open to other users and cannot be closed to them")
        }
    }

    /// Whether an agent (any program) answers at `path`.
    static func isServed(_ path: String) -> Bool {
        guard let connection = try? UnixSocket.connect(to: path) else { return false }
        try? connection.close()
        return true
    }

    /// Removes what is left at `path` by an agent that is gone: a socket no one listens on.
    /// Anything else there (a live agent, a file that is not a socket) is refused.
    static func clearStale(_ path: String) throws(SSHAgentError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw .socketPath("\(path) exists and is not a socket") }
        guard !isServed(path) else { throw .alreadyServed(path) }
        unlink(path)
    }
}
