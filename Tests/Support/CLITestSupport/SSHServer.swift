import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH server for one test, to log in to with the keys of an SSH agent: the
/// end-to-end tests of `vault ssh-agent` check with it that `ssh` logs in through the agent,
/// with each kind of key and signature, and that it cannot when the agent offers no key.
///
/// /usr/sbin/sshd (Debian's openssh-server, which `scripts/setup --test` installs) runs on a
/// free loopback port from a private folder holding an ed25519 host key, the `authorized_keys`
/// the server was given and a configuration of its own: sshd reads nothing in /etc/ssh, and
/// lets in only the user the tests run as, by public key only. Run as root, sshd needs the
/// `sshd` user (which the package makes) and the privilege-separation folder /run/sshd (made
/// here when missing), and lets root in with a key only if root's password is not locked
/// ("!" in /etc/shadow; "*" is fine). Stopped with SIGTERM, as a `ServerProcess`; its folder is
/// removed.
package final class SSHServer: Sendable {
    /// The user the server lets in: the one the tests run as.
    package let user: String
    private let process: ServerProcess
    package var port: Int { process.port }

    /// Starts a server that takes the public keys `authorizedKeys`, lines as in a `.pub` file.
    package init(authorizedKeys: [String]) async throws {
        let sshd = "/usr/sbin/sshd"
        guard access(sshd, X_OK) == 0, let keygen = ExternalProgram.find("ssh-keygen") else {
            throw ServerProcessError(reason: "sshd or ssh-keygen is not installed (scripts/setup --test installs openssh-server)")
        }
        user = ProcessInfo.processInfo.userName
        var template = Array((FileManager.default.temporaryDirectory.path + "/vault-sshd-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let folder = String(decoding: template.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self)
        do {
            if geteuid() == 0 {
                try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o755])
            }
            let hostKey = try await ExternalProgram.run(keygen, ["-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"],
                                                        environment: ["PATH": "/usr/bin:/bin"])
            guard hostKey.status == 0 else { throw ServerProcessError(reason: "no host key for sshd: \(hostKey)") }
            try VaultFixture.writeFile(folder + "/authorized_keys",
                                       authorizedKeys.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" }.joined())
            let (port, pid) = try await Self.start(sshd, folder: folder, user: user)
            process = ServerProcess(adopting: pid, name: "sshd", folder: folder, port: port)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Starts sshd on a free port, again on another (up to three times) when it exits at once,
    /// as it does when another process took the port first; its port and process id.
    private static func start(_ sshd: String, folder: String, user: String) async throws -> (Int, pid_t) {
        for _ in 1...3 {
            let port = try ClosedPort.find()
            try VaultFixture.writeFile(folder + "/sshd_config", configuration(folder: folder, port: port, user: user))
            let pid = try ExternalProgram.spawn(sshd, ["-D", "-e", "-f", folder + "/sshd_config"], environment: ["PATH": "/usr/bin:/bin"],
                                                streams: [("/dev/null", O_RDONLY), ("/dev/null", O_WRONLY),
                                                          (folder + "/sshd.log", O_WRONLY | O_CREAT | O_TRUNC)])
            if try await listens(on: port, pid: pid, folder: folder) { return (port, pid) }
        }
        throw ServerProcessError(reason: "sshd did not start: \(log(in: folder))")
    }

    /// sshd's configuration: everything it reads is in `folder`, and only `user` may log in,
    /// with a key; no ~/.ssh/rc runs before the command.
    private static func configuration(folder: String, port: Int, user: String) -> String {
        """
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey "\(folder)/host_key"
        PidFile "\(folder)/sshd.pid"
        AuthorizedKeysFile "\(folder)/authorized_keys"
        StrictModes no
        UsePAM no
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        PubkeyAuthentication yes
        PermitRootLogin prohibit-password
        AllowUsers \(user)
        PermitUserRC no
        LogLevel VERBOSE

        """
    }

    /// Whether sshd came to listen on `port`, as its log says once it does (a connection
    /// accepted there could be another process's, one that took the port first); false when
    /// it exited first. After 10 s it is killed, and the error has its log.
    private static func listens(on port: Int, pid: pid_t, folder: String) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        var status: Int32 = 0
        while !log(in: folder).contains("Server listening on 127.0.0.1 port \(port).") {
            if waitpid(pid, &status, WNOHANG) == pid { return false }
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw ServerProcessError(reason: "sshd did not listen within 10 s: \(log(in: folder))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// What sshd wrote to standard error, at LogLevel VERBOSE, in lines ending in "\r\n": with
    /// which key a user logged in ("Accepted publickey for root from 127.0.0.1 port 41234 ssh2:
    /// RSA SHA256:…"), or why a login failed. Empty once the server stopped.
    package var log: String { Self.log(in: process.folder) }

    private static func log(in folder: String) -> String {
        (try? String(contentsOfFile: folder + "/sshd.log", encoding: .utf8)) ?? ""
    }

    /// Runs `command` on the server with `ssh` (killed after 30 s), logged in as `user` with the
    /// keys of the agent at `agentSocket` and no other: no configuration file, no key file
    /// (ssh would try the user's ~/.ssh/id_* otherwise, whatever HOME says), no known-hosts
    /// file, no password or question. `acceptedAlgorithms` is ssh's PubkeyAcceptedAlgorithms,
    /// the signatures it may ask the agent for (`rsa-sha2-512`); sshd takes a signature only
    /// of the algorithm asked for. Only errors are on standard error, in lines ending in "\r\n".
    package func login(agentSocket: String, acceptedAlgorithms: String? = nil, command: String = "echo logged-in") async throws
        -> VaultResult {
        guard let ssh = ExternalProgram.find("ssh") else {
            throw ServerProcessError(reason: "ssh is not installed (scripts/setup --test installs openssh-client)")
        }
        let options = [
            "BatchMode=yes", "StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null", "IdentityAgent=SSH_AUTH_SOCK",
            "IdentityFile=none", "IdentitiesOnly=no", "PasswordAuthentication=no", "KbdInteractiveAuthentication=no",
            "ConnectTimeout=10", "LogLevel=ERROR",
        ] + (acceptedAlgorithms.map { ["PubkeyAcceptedAlgorithms=\($0)"] } ?? [])
        return try await ExternalProgram.run(
            ssh, ["-F", "/dev/null", "-p", String(port)] + options.flatMap { ["-o", $0] } + ["\(user)@127.0.0.1", command],
            environment: ["SSH_AUTH_SOCK": agentSocket, "PATH": "/usr/bin:/bin"])
    }

    /// Sends SIGTERM and waits for the end; removes the folder.
    package func stop() async throws {
        try await process.stop()
    }
}
