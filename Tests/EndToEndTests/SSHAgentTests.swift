import CLITestSupport
import Foundation
import SystemPackage
import Testing
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// `vault ssh-agent` with the real OpenSSH: `ssh-add -l` lists the vault's SSH keys with
/// ssh-keygen's fingerprints; an sshd on loopback lets `ssh` in through the agent with each kind
/// of key and RSA with each SHA-2 signature; `ssh-keygen -Y sign` signs through it; a locked
/// vault serves nothing until it is unlocked again; `--confirm` asks an askpass; the agent
/// detaches as ssh-agent does, refuses a socket a live agent serves, and `--kill` stops it.
@Suite("SSH agent", .serialized, .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                          "needs the unlocked keyring of scripts/with-keyring"))
struct SSHAgentTests {
    /// A vault with the keys `kinds` (ssh-keygen's -t and options) as entries `ssh/KIND`, unlocked;
    /// the keys' public key lines by entry name.
    private func vaultWithKeys(_ kinds: [(name: String, type: String, options: [String])], passphrase: String = "key pass phrase")
        async throws -> (VaultFixture, [String: String]) {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        let keygen = try #require(ExternalProgram.find("ssh-keygen"))
        var publicKeys: [String: String] = [:]
        for kind in kinds {
            let path = fixture.path(kind.type + "-" + kind.name.replacingOccurrences(of: "/", with: "-"))
            let made = try await ExternalProgram.run(keygen, ["-q", "-t", kind.type, "-N", passphrase, "-C", "c", "-f", path] + kind.options,
                                                     environment: [:])
            try #require(made.status == 0, "\(made)")
            let privateKey = try String(contentsOfFile: path, encoding: .utf8)
            let publicKey = try String(contentsOfFile: path + ".pub", encoding: .utf8)
            try await fixture.succeed(["add", kind.name, "--type", "ssh-key"], stdin: privateKey + publicKey + passphrase + "\n")
            publicKeys[kind.name] = publicKey.trimmingCharacters(in: .newlines)
        }
        try await fixture.succeed(["unlock"])
        return (fixture, publicKeys)
    }

    /// Starts the agent detached on a socket in the fixture's folder; its socket and process id.
    private func startAgent(_ fixture: VaultFixture, _ options: [String] = [], environment: [String: String?] = [:]) async throws
        -> (socket: String, pid: pid_t) {
        let socket = fixture.path("agent.sock")
        let started = try await fixture.succeed(["ssh-agent", "--socket", socket] + options, environment: environment)
        let lines = started.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0] == "SSH_AUTH_SOCK=\(socket); export SSH_AUTH_SOCK;", "\(started)")
        let pid = try #require(lines.dropFirst().first.flatMap { Int32($0.dropFirst("SSH_AGENT_PID=".count).prefix { $0.isNumber }) })
        #expect(lines.last == "echo Agent pid \(pid);")
        return (socket, pid)
    }

    private func stopAgent(_ fixture: VaultFixture, socket: String, pid: pid_t) async throws {
        let stopped = try await fixture.succeed(["ssh-agent", "--kill", "--socket", socket])
        #expect(stopped.stdout == "unset SSH_AUTH_SOCK;\nunset SSH_AGENT_PID;\necho Agent pid \(pid) killed;\n")
        #expect(!FileManager.default.fileExists(atPath: socket), "the agent left its socket")
        #expect(!Self.runs(pid), "the agent still runs")
    }

    private func sshAdd(_ socket: String, _ arguments: [String] = ["-l"]) async throws -> VaultResult {
        try await ExternalProgram.run(try #require(ExternalProgram.find("ssh-add")), arguments, environment: ["SSH_AUTH_SOCK": socket])
    }

    @Test("ssh-add lists every key with ssh-keygen's fingerprint; sshd lets ssh in with each kind; locked, neither; unlocked, both again")
    func loginsThroughTheAgent() async throws {
        let (fixture, publicKeys) = try await vaultWithKeys([
            ("ssh/ed25519", "ed25519", []), ("ssh/ecdsa", "ecdsa", ["-b", "256"]), ("ssh/rsa", "rsa", ["-b", "3072", "-m", "PEM"]),
        ])
        try await fixture.add("web/site", password: "not a key")
        let (socket, pid) = try await startAgent(fixture)
        let keygen = try #require(ExternalProgram.find("ssh-keygen"))

        let listed = try await sshAdd(socket)
        #expect(listed.status == 0)
        for (name, line) in publicKeys {
            try VaultFixture.writeFile(fixture.path("expected.pub"), line + "\n")
            let fingerprint = try await ExternalProgram.run(keygen, ["-l", "-f", fixture.path("expected.pub")], environment: [:])
            let expected = fingerprint.stdout.split(separator: " ")[1]
            #expect(listed.stdoutLines.contains { $0.contains(" \(expected) \(name) (") }, "\(name): \(listed)")
        }
        #expect(listed.stdoutLines.count == 3, "\(listed)")
        // ssh-add -L gives the public keys, with the entries' names as comments.
        let lines = try await sshAdd(socket, ["-L"])
        #expect(Set(lines.stdoutLines) == Set(publicKeys.map { $0.value.dropLast(1) + $0.key }), "\(lines)")

        let server = try await SSHServer(authorizedKeys: Array(publicKeys.values))
        try await ServerProcess.with(server, stop: { try await $0.stop() }) { server in
            for algorithms in ["ssh-ed25519", "ecdsa-sha2-nistp256", "rsa-sha2-256", "rsa-sha2-512"] {
                let login = try await server.login(agentSocket: socket, acceptedAlgorithms: algorithms)
                #expect(login.status == 0 && login.stdout == "logged-in\n", "\(algorithms): \(login)\n\(server.log)")
            }
            try await fixture.succeed(["lock"])
            #expect(try await sshAdd(socket).stdout == "The agent has no identities.\n")
            let refused = try await server.login(agentSocket: socket)
            #expect(refused.status == 255 && refused.stderr.contains("Permission denied"), "\(refused)")
            try await fixture.succeed(["unlock"])
            let again = try await server.login(agentSocket: socket, acceptedAlgorithms: "ssh-ed25519")
            #expect(again.status == 0 && again.stdout == "logged-in\n", "\(again)")
        }
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    @Test("ssh-keygen -Y sign signs through the agent, as git does, and ssh-keygen -Y verify accepts the signature")
    func signsCommits() async throws {
        let (fixture, publicKeys) = try await vaultWithKeys([("ssh/git", "ed25519", [])])
        let (socket, pid) = try await startAgent(fixture)
        let keygen = try #require(ExternalProgram.find("ssh-keygen"))
        let publicKey = try #require(publicKeys["ssh/git"])
        let keyFile = try VaultFixture.writeFile(fixture.path("signing.pub"), publicKey + "\n")
        let message = try VaultFixture.writeFile(fixture.path("commit"), "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n\nA commit\n")
        let signed = try await ExternalProgram.run(keygen, ["-Y", "sign", "-f", keyFile, "-n", "git", message],
                                                   environment: ["SSH_AUTH_SOCK": socket])
        #expect(signed.status == 0, "\(signed)")
        try VaultFixture.writeFile(fixture.path("allowed"), "jane@example.com " + publicKey + "\n")
        let verified = try await ExternalProgram.run(
            keygen, ["-Y", "verify", "-f", fixture.path("allowed"), "-I", "jane@example.com", "-n", "git", "-s", message + ".sig"],
            stdin: Data(try String(contentsOfFile: message, encoding: .utf8).utf8), environment: [:])
        #expect(verified.status == 0 && verified.stdout.contains("Good \"git\" signature for jane@example.com"), "\(verified)")
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    @Test("--confirm asks the askpass with the entry and the client: no refuses the signature, yes allows it")
    func confirmation() async throws {
        let (fixture, publicKeys) = try await vaultWithKeys([("ssh/confirmed", "ed25519", [])])
        let answer = fixture.path("answer")
        let asked = fixture.path("asked")
        let askpass = try VaultFixture.writeFile(fixture.path("askpass"), """
            #!/bin/sh
            printf '%s|%s\\n' "$SSH_ASKPASS_PROMPT" "$1" >> '\(asked)'
            [ "$(cat '\(answer)')" = yes ] || exit 1
            """, mode: 0o700)
        let (socket, pid) = try await startAgent(fixture, ["--confirm"], environment: ["SSH_ASKPASS": askpass])
        let server = try await SSHServer(authorizedKeys: Array(publicKeys.values))
        try await ServerProcess.with(server, stop: { try await $0.stop() }) { server in
            try VaultFixture.writeFile(answer, "no\n")
            let refused = try await server.login(agentSocket: socket)
            #expect(refused.status == 255, "\(refused)")
            try VaultFixture.writeFile(answer, "yes\n")
            let allowed = try await server.login(agentSocket: socket)
            #expect(allowed.status == 0 && allowed.stdout == "logged-in\n", "\(allowed)")
        }
        let questions = try String(contentsOfFile: asked, encoding: .utf8)
        #expect(questions.hasPrefix("confirm|Allow vault's SSH key ssh/confirmed to sign for ssh (pid "), "\(questions)")
        #expect(questions.contains("Server host key: SHA256:"), "\(questions)")
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    @Test("the default socket is in $XDG_RUNTIME_DIR/vault (0700), mode 0600; a second agent is refused with exit 5; --kill without an agent exits 4")
    func socketAndLifecycle() async throws {
        let (fixture, _) = try await vaultWithKeys([("ssh/one", "ed25519", [])])
        let runtime = fixture.path("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime]
        let started = try await fixture.succeed(["ssh-agent"], environment: environment)
        let socket = runtime + "/vault/ssh-agent.sock"
        #expect(started.stdout.hasPrefix("SSH_AUTH_SOCK=\(socket); export SSH_AUTH_SOCK;\n"), "\(started)")
        #expect(try VaultFixture.mode(of: runtime + "/vault") == 0o700)
        #expect(try VaultFixture.mode(of: socket) == 0o600)
        // Its own session, no terminal: it outlives the shell that started it.
        let pid = try #require(Int32(started.stdoutLines[1].dropFirst("SSH_AGENT_PID=".count).prefix { $0.isNumber }))
        #expect(getsid(pid) == pid)
        expectFailure(try await fixture.run(["ssh-agent"], environment: environment), status: 5, mentioning: "already serves")
        #expect(try await sshAdd(socket).status == 0)
        let stopped = try await fixture.succeed(["ssh-agent", "--kill"], environment: environment)
        #expect(stopped.stdout.contains("echo Agent pid \(pid) killed;"))
        #expect(!FileManager.default.fileExists(atPath: socket))
        expectFailure(try await fixture.run(["ssh-agent", "--kill"], environment: environment), status: 4, mentioning: "no agent serves")
    }

    @Test("--foreground logs each request on standard error; SIGTERM ends it and removes its socket; a stale socket is taken over")
    func foreground() async throws {
        let (fixture, _) = try await vaultWithKeys([("ssh/one", "ed25519", [])])
        let socket = fixture.path("agent.sock")
        try Self.leaveStaleSocket(at: socket)
        let agent = try fixture.start(["ssh-agent", "--foreground", "--socket", socket])
        var served = false
        for _ in 0..<200 where !served {
            served = (try? await sshAdd(socket))?.status == 0
            if !served { try await Task.sleep(for: .milliseconds(25)) }
        }
        #expect(served, "the agent never served \(socket): \(agent.stderrSoFar())")
        #expect(agent.send(SIGTERM))
        let result = try await agent.finish()
        #expect(result.termination == .signaled(SIGTERM), "\(result)")
        #expect(result.stdout.hasPrefix("SSH_AUTH_SOCK=\(socket); export SSH_AUTH_SOCK;\n"), "\(result)")
        #expect(result.stderrLines.contains("vault ssh-agent: serving \(socket)"), "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("vault ssh-agent: ssh-add (pid ") && $0.hasSuffix("): listed 1 key") }, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("hostile clients: an oversized length, a malformed request and one cut short close their connection; the agent goes on")
    func hostileClients() async throws {
        let (fixture, _) = try await vaultWithKeys([("ssh/one", "ed25519", [])])
        let (socket, pid) = try await startAgent(fixture)
        let hostile: [[UInt8]] = [
            [0x00, 0x04, 0x00, 0x01] + [UInt8](repeating: 13, count: 64),
            [0xFF, 0xFF, 0xFF, 0xFF],
            [0, 0, 0, 0],
            [0, 0, 0, 5, 13, 0, 0, 0, 200],
            [0, 0, 0, 2, 11, 11],
        ]
        for bytes in hostile {
            let connection = try UnixSocket.connect(to: socket)
            defer { try? connection.close() }
            try connection.writeEvery(bytes)
            // Closed by the agent, without an answer.
            #expect(try connection.readToEnd(limit: 1024) == [], "\(bytes.prefix(8))")
        }
        // A request the agent does not serve gets a failure, on a connection that stays open.
        let connection = try UnixSocket.connect(to: socket)
        try connection.writeEvery([0, 0, 0, 1, 22] as [UInt8])
        var answer = [UInt8](repeating: 0, count: 5)
        #expect(try answer.withUnsafeMutableBytes { try connection.readFully(into: $0) } == 5 && answer == [0, 0, 0, 1, 5])
        try connection.close()
        #expect(try await sshAdd(socket).stdoutLines.count == 1)
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    @Test("clients that hang up before their answer, never read their answers, or stay idle by the hundred do not stop others being served")
    func unhelpfulClients() async throws {
        let (fixture, _) = try await vaultWithKeys([("ssh/one", "ed25519", [])])
        let (socket, pid) = try await startAgent(fixture)
        // Gone before the answer: the agent's send fails and it goes on (SIGPIPE would end it).
        for _ in 0..<20 {
            let connection = try UnixSocket.connect(to: socket)
            try connection.writeEvery([0, 0, 0, 1, 11] as [UInt8])
            try connection.close()
        }
        #expect(try await sshAdd(socket).status == 0)
        // A hundred thousand requests, their answers not read for now (requests the agent refuses
        // at once, so that it answers them faster than any list): others are served meanwhile (an
        // agent that waited on this client would close it, answers unread, before ssh-add's
        // turn), and it gets every answer when it reads them.
        let greedy = try UnixSocket.connect(to: socket)
        defer { try? greedy.close() }
        let requests = Array(repeating: [0, 0, 0, 1, 255] as [UInt8], count: 100_000).flatMap { $0 }
        let sender = Task.detached { try greedy.writeEvery(requests) }
        #expect(try await sshAdd(socket).status == 0)
        #expect(try Self.answers(on: greedy, upTo: 100_000) == 100_000)
        try await sender.value
        // More idle connections than the agent keeps: the idlest make room.
        var idle: [FileDescriptor] = []
        defer { for connection in idle { try? connection.close() } }
        for _ in 0..<100 { idle.append(try UnixSocket.connect(to: socket)) }
        #expect(try await sshAdd(socket).status == 0)
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    @Test("--kill stops only vault's agent: a socket another program listens on is left alone")
    func killStopsOnlyVault() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        let socket = fixture.path("other.sock")
        let listener = try UnixSocket.listen(at: socket)
        defer { try? listener.close() }
        expectFailure(try await fixture.run(["ssh-agent", "--kill", "--socket", socket]), status: 1, mentioning: "is not vault's agent")
    }

    @Test("the config's ssh_agent.entries serves only the keys its globs name")
    func configuredEntries() async throws {
        let (fixture, _) = try await vaultWithKeys([("ssh/work/deploy", "ed25519", []), ("ssh/home", "ed25519", [])])
        try FileManager.default.createDirectory(atPath: fixture.path(".config/vault"), withIntermediateDirectories: true)
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"ssh_agent": {"entries": ["ssh/work/*"]}}"# + "\n")
        let (socket, pid) = try await startAgent(fixture)
        let listed = try await sshAdd(socket)
        #expect(listed.stdoutLines.count == 1 && listed.stdout.contains(" ssh/work/deploy (ED25519)"), "\(listed)")
        try await stopAgent(fixture, socket: socket, pid: pid)
    }

    /// How many whole answers come on `connection` before it ends, up to `count` (and for at
    /// most 30 seconds between bytes, so that an agent that neither answers nor closes fails the
    /// test rather than hanging it).
    private static func answers(on connection: FileDescriptor, upTo count: Int) throws -> Int {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var answers = 0
        while answers < count {
            var polled = pollfd(fd: connection.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 30_000) > 0 else { return answers }
            let read = try chunk.withUnsafeMutableBytes { try connection.read(into: $0) }
            guard read > 0 else { return answers }
            buffer += chunk[..<read]
            while buffer.count >= 4 {
                let length = buffer.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                guard buffer.count >= 4 + length else { break }
                buffer.removeFirst(4 + length)
                answers += 1
            }
        }
        return answers
    }

    /// Whether process `pid` runs: it exists and is no zombie (the agent, reparented when the
    /// `vault` that started it exited, may be left for a subreaper to reap).
    private static func runs(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// A socket at `path` that no process listens on, as an agent killed with SIGKILL leaves.
    private static func leaveStaleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }
}
