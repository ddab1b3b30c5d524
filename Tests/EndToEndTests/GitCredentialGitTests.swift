import CLITestSupport
import Foundation
import Testing

/// vault's credential helper under real git: `git credential fill/approve/reject`, and pushes
/// and clones against a password-protected git server over HTTP, with git finding
/// `git-credential-vault` for `credential.helper = vault` as it does after `make install`.
@Suite("git credential helper: under real git")
struct GitCredentialGitTests {
    @Test("git credential fill gets the login from vault, approve stores it, reject erases only the password it names")
    func fillApproveReject() async throws {
        let world = try await GitHelperWorld()
        try await world.fixture.add("git/example.com", password: "alice-pw", options: ["--username", "alice"])
        let filled = try await world.gitSucceeds(["credential", "fill"], stdin: "protocol=https\nhost=example.com\n\n")
        #expect(filled.stdout == "protocol=https\nhost=example.com\nusername=alice\npassword=alice-pw\n", "\(filled)")

        try await world.gitSucceeds(["credential", "approve"], stdin: "protocol=https\nhost=example.org\nusername=bob\npassword=bob-pw\n\n")
        #expect(try await world.fixture.password(of: "git/example.org") == "bob-pw")
        try await world.gitSucceeds(["credential", "reject"], stdin: "protocol=https\nhost=example.org\nusername=bob\npassword=older-pw\n\n")
        #expect(try await world.fixture.password(of: "git/example.org") == "bob-pw", "a stale rejection leaves the newer password")
        try await world.gitSucceeds(["credential", "reject"], stdin: "protocol=https\nhost=example.org\nusername=bob\npassword=bob-pw\n\n")
        let refused = try await world.git(["credential", "fill"], stdin: "protocol=https\nhost=example.org\n\n")
        #expect(refused.status != 0 && refused.stderr.contains("terminal prompts disabled"), "nothing left to fill: \(refused)")
        let json = try JSONValue.object(try await world.fixture.succeed(["get", "git/example.org", "--json"]).stdoutData)
        #expect((json["history"] as? [[String: Any]])?.compactMap { $0["password"] as? String } == ["bob-pw"])
    }

    @Test("with the vault locked and no way to ask, the helper answers nothing and git asks (here: refuses) by itself")
    func lockedVault() async throws {
        let world = try await GitHelperWorld()
        try await world.fixture.add("git/example.com", password: "alice-pw", options: ["--username", "alice"])
        let result = try await world.git(["credential", "fill"], stdin: "protocol=https\nhost=example.com\n\n",
                                         environment: ["VAULT_PASSWORD_FILE": nil])
        #expect(result.status != 0 && !result.stdout.contains("alice-pw"), "\(result)")
        #expect(result.stderr.contains("terminal prompts disabled") && !result.stderr.contains("vault"), "only git speaks: \(result)")
    }

    @Test("push and clone over HTTP with a password: stored after the first login, given by vault afterwards, erased when the server refuses it")
    func pushAndClone() async throws {
        let world = try await GitHelperWorld()
        let server = try await GitHTTPServer(user: "alice", password: "first-pw")
        try await ServerProcess.with(server, stop: { try await $0.stop() }) { server in
            try await server.createRepository("project.git")
            let work = world.fixture.path("work")
            try await world.gitSucceeds(["init", "-q", work])
            try "one\n".write(toFile: work + "/file", atomically: true, encoding: .utf8)
            try await world.gitSucceeds(["-C", work, "add", "file"])
            try await world.gitSucceeds(["-C", work, "commit", "-qm", "one"])

            let askpass = try askpassScript(in: world, answering: "first-pw")
            try await world.gitSucceeds(["-C", work, "push", "-q", server.url("project.git"), "HEAD:main"], environment: ["GIT_ASKPASS": askpass])
            #expect(try String(contentsOfFile: askpass + ".log", encoding: .utf8).contains("Password"), "the first login came from the askpass script")
            let name = "git/" + server.host
            let stored = try JSONValue.object(try await world.fixture.succeed(["get", name, "--json"]).stdoutData)
            #expect(stored["username"] as? String == "alice" && stored["password"] as? String == "first-pw")
            #expect(stored["urls"] as? [String] == ["http://\(server.host)"])

            try FileManager.default.removeItem(atPath: askpass)
            try "two\n".write(toFile: work + "/file", atomically: true, encoding: .utf8)
            try await world.gitSucceeds(["-C", work, "commit", "-qam", "two"])
            try await world.gitSucceeds(["-C", work, "push", "-q", server.url("project.git"), "HEAD:main"], environment: ["GIT_ASKPASS": askpass])
            let copy = world.fixture.path("copy")
            try await world.gitSucceeds(["clone", "-q", server.url("project.git"), copy], environment: ["GIT_ASKPASS": askpass])
            #expect(try String(contentsOfFile: copy + "/file", encoding: .utf8) == "two\n")

            try server.setPassword("second-pw")
            try "three\n".write(toFile: work + "/file", atomically: true, encoding: .utf8)
            try await world.gitSucceeds(["-C", work, "commit", "-qam", "three"])
            let refused = try await world.git(["-C", work, "push", "-q", server.url("project.git"), "HEAD:main"], environment: ["GIT_ASKPASS": askpass])
            #expect(refused.status != 0, "\(refused)")
            let erased = try JSONValue.object(try await world.fixture.succeed(["get", name, "--json"]).stdoutData)
            #expect(erased["password"] == nil, "the refused password was erased")
            #expect((erased["history"] as? [[String: Any]])?.compactMap { $0["password"] as? String } == ["first-pw"])

            let newAskpass = try askpassScript(in: world, answering: "second-pw")
            try await world.gitSucceeds(["-C", work, "push", "-q", server.url("project.git"), "HEAD:main"], environment: ["GIT_ASKPASS": newAskpass])
            try FileManager.default.removeItem(atPath: newAskpass)
            try await world.gitSucceeds(["-C", copy, "pull", "-q", "--ff-only"], environment: ["GIT_ASKPASS": newAskpass])
            #expect(try String(contentsOfFile: copy + "/file", encoding: .utf8) == "three\n")
            #expect(try await world.fixture.password(of: name) == "second-pw")
        }
    }

    /// A GIT_ASKPASS program that answers git's username prompt with alice and its password
    /// prompt with `password`, noting each prompt in the file beside it ending in `.log`.
    private func askpassScript(in world: GitHelperWorld, answering password: String) throws -> String {
        let path = world.fixture.path("askpass-" + password)
        try VaultFixture.writeFile(path, """
            #!/bin/sh
            printf '%s\\n' "$1" >> "$0.log"
            case "$1" in
                Username*) echo alice ;;
                Password*) echo '\(password)' ;;
            esac

            """, mode: 0o700)
        return path
    }
}
