import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A git server over HTTP behind a password, on a free loopback port: lighttpd, run as the test
/// user from a generated configuration, runs git's own git-http-backend as CGI for the bare
/// repositories in its folder, behind HTTP Basic authentication against a plain user file
/// (lighttpd reads it at each request, so `setPassword` takes effect at once). Pushes are
/// allowed. Stopped with SIGTERM, as a `ServerProcess`; its folder is removed.
package final class GitHTTPServer: Sendable {
    package let user: String
    private let process: ServerProcess
    package var folder: String { process.folder }
    package var port: Int { process.port }

    /// Starts the server for `user` with `password`; a port another process took meanwhile is
    /// tried again on another.
    package init(user: String, password: String) async throws {
        let lighttpd = try #require(ExternalProgram.find("lighttpd") ?? (access("/usr/sbin/lighttpd", X_OK) == 0 ? "/usr/sbin/lighttpd" : nil),
                                    "lighttpd is not installed (scripts/setup --test installs it)")
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        let execPath = try await ExternalProgram.run(git, ["--exec-path"], environment: ["PATH": "/usr/bin:/bin"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = FileManager.default.temporaryDirectory.path + "/vault-git-http-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/repositories", withIntermediateDirectories: true)
        self.user = user
        do {
            let (port, pid) = try await Self.start(lighttpd, folder: folder, user: user, password: password, backend: execPath + "/git-http-backend")
            process = ServerProcess(adopting: pid, name: "lighttpd", folder: folder, port: port)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Starts lighttpd on a free port, up to three times; its port and process id.
    private static func start(_ lighttpd: String, folder: String, user: String, password: String, backend: String) async throws -> (Int, pid_t) {
        var log = ""
        for _ in 1...3 {
            let port = try ClosedPort.find()
            try VaultFixture.writeFile(folder + "/users", "\(user):\(password)\n")
            try VaultFixture.writeFile(folder + "/lighttpd.conf", configuration(folder: folder, port: port, backend: backend))
            let pid = try ExternalProgram.spawn(lighttpd, ["-D", "-f", folder + "/lighttpd.conf"], environment: ["PATH": "/usr/bin:/bin"],
                                                streams: [("/dev/null", O_RDONLY), (folder + "/stdout", O_WRONLY | O_CREAT | O_TRUNC),
                                                          (folder + "/stderr", O_WRONLY | O_CREAT | O_TRUNC)])
            if try await listens(on: port, pid: pid) { return (port, pid) }
            log = [(try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? "",
                   (try? String(contentsOfFile: folder + "/error.log", encoding: .utf8)) ?? ""].joined(separator: "\n")
        }
        throw ServerProcessError(reason: "lighttpd did not start: \(log)")
    }

    /// lighttpd's configuration: /git/NAME.git is the repository NAME.git, for the user only.
    private static func configuration(folder: String, port: Int, backend: String) -> String {
        """
        server.document-root = "\(folder)/repositories"
        server.bind = "127.0.0.1"
        server.port = \(port)
        server.errorlog = "\(folder)/error.log"
        server.modules = ("mod_auth", "mod_authn_file", "mod_alias", "mod_cgi", "mod_setenv")
        alias.url = ("/git/" => "\(backend)/")
        $HTTP["url"] =~ "^/git/" {
            cgi.assign = ("" => "")
            setenv.set-environment = ("GIT_PROJECT_ROOT" => "\(folder)/repositories", "GIT_HTTP_EXPORT_ALL" => "1")
        }
        auth.backend = "plain"
        auth.backend.plain.userfile = "\(folder)/users"
        auth.require = ("/git/" => ("method" => "basic", "realm" => "git", "require" => "valid-user"))

        """
    }

    /// Whether the server came to accept connections on `port`; false when it exited first
    /// (or did not within 20 s, when it is killed).
    private static func listens(on port: Int, pid: pid_t) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return false }
            if accepts(port) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return false
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
    private static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The URL of the repository `name` (such as `project.git`).
    package func url(_ name: String) -> String { "http://127.0.0.1:\(port)/git/\(name)" }

    /// The host git names in its credential requests: `127.0.0.1:PORT`.
    package var host: String { "127.0.0.1:\(port)" }

    /// Makes the empty bare repository `name`, whose HEAD is main, which takes pushes.
    package func createRepository(_ name: String) async throws {
        let git = try #require(ExternalProgram.find("git"))
        let path = folder + "/repositories/" + name
        for arguments in [["init", "-q", "--bare", "--initial-branch=main", path], ["-C", path, "config", "http.receivepack", "true"]] {
            let result = try await ExternalProgram.run(git, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": folder])
            try #require(result.status == 0, "\(result)")
        }
    }

    /// From now on the server takes `password` for its user, and no other.
    package func setPassword(_ password: String) throws {
        try VaultFixture.writeFile(folder + "/users", "\(user):\(password)\n")
    }

    /// Sends SIGTERM and waits for the end; removes the folder.
    package func stop() async throws {
        try await process.stop()
    }
}
