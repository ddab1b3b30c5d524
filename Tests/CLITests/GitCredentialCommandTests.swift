import CLITestSupport
import Foundation
import SystemPackage
import Testing
import VaultCLI

/// `vault git-credential get|store|erase` run in-process on requests as git writes them: which
/// entry answers (helper names, URL with path, host, a wildcard, username), what store and
/// erase change, and how bad input and a locked vault end.
@Suite("git credential helper: the protocol and the lookup")
struct GitCredentialCommandTests {
    /// Runs `vault git-credential ACTION` with `request` on standard input.
    private func helper(
        _ fixture: VaultFixture, _ action: String, _ request: String, environment: [String: String?] = [:]
    ) async throws -> VaultResult {
        try await fixture.run(["git-credential", action], stdin: request, environment: environment)
    }

    /// What `get` answers for `request`, which must succeed.
    private func answer(_ fixture: VaultFixture, _ request: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await helper(fixture, "get", request)
        try #require(result.status == 0 && result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    private func entryJSON(_ fixture: VaultFixture, _ name: String) async throws -> [String: Any] {
        try JSONValue.object(try await fixture.succeed(["get", name, "--json"]).stdoutData)
    }

    private func history(_ fixture: VaultFixture, _ name: String) async throws -> [String] {
        ((try await entryJSON(fixture, name))["history"] as? [[String: Any]] ?? []).compactMap { $0["password"] as? String }
    }

    @Test("get answers from git/HOST/PATH when git sends a path, else from git/HOST; unknown keys and what follows the blank line are ignored")
    func helperNames() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "host-pw", options: ["--username", "alice"])
        try await fixture.add("git/example.com/team/repo.git", password: "repo-pw", options: ["--username", "alice"])
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=alice\npassword=host-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\npath=team/repo.git\n\n") == "username=alice\npassword=repo-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\npath=team/other.git\n\n") == "username=alice\npassword=host-pw\n")
        let noisy = "capability[]=authtype\nprotocol=https\nwwwauth[]=Basic realm=\"x\"\nhost=example.com\nurl=https://elsewhere.example\nx-unknown=1\n\nhost=elsewhere.example\n"
        #expect(try await answer(fixture, noisy) == "username=alice\npassword=host-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.org\n\n") == "", "no match, no answer")
        #expect(try await answer(fixture, "protocol=https\n\n") == "", "no host, no answer")
    }

    @Test("entries whose URL matches: the URL with the path (longest first), then the host; never a parent domain or a bare TLD")
    func urlMatches() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw", options: ["--url", "https://git.example.com/login"])
        try await fixture.add("web/team", password: "team-pw", options: ["--url", "https://git.example.com/team"])
        try await fixture.add("web/team-repo", password: "team-repo-pw", options: ["--url", "https://git.example.com/team/repo"])
        try await fixture.add("web/parent", password: "parent-pw", options: ["--url", "example.com"])
        try await fixture.add("web/tld", password: "tld-pw", options: ["--url", "https://com/"])
        let on = { (host: String, path: String?) in "protocol=https\nhost=\(host)\n" + (path.map { "path=\($0)\n" } ?? "") + "\n" }
        #expect(try await answer(fixture, on("git.example.com", "team/repo.git")) == "password=team-repo-pw\n")
        #expect(try await answer(fixture, on("git.example.com", "team/other.git")) == "password=team-pw\n")
        #expect(try await answer(fixture, on("git.example.com", "elsewhere/x.git")) == "password=site-pw\n", "host level: the first by name")
        #expect(try await answer(fixture, on("git.example.com", nil)) == "password=site-pw\n")
        #expect(try await answer(fixture, on("example.com", nil)) == "password=parent-pw\n", "a scheme-less URL is https")
        #expect(try await answer(fixture, on("a.b.example.com", nil)) == "", "a person's login is never given to a host below its own")
        #expect(try await answer(fixture, on("example.com.evil.net", nil)) == "")
        #expect(try await answer(fixture, on("example.net", nil)) == "", "com's login never answers for another domain")
        #expect(try await answer(fixture, "protocol=http\nhost=example.com\n\n") == "", "https logins are not sent over http")
    }

    @Test("ports: a port left out is the protocol's usual one; another port is another place, a wildcard keeps the port")
    func ports() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/default", password: "default-pw", options: ["--url", "https://example.com:443/"])
        try await fixture.add("web/other", password: "other-pw", options: ["--url", "https://example.com:8443"])
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "password=default-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com:8443\n\n") == "password=other-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=git.example.com:8443\n\n") == "", "not a person's login below its host")
        try await fixture.add("git/*.example.com:8443", password: "helper-pw", options: ["--url", "https://example.com:8443"])
        #expect(try await answer(fixture, "protocol=https\nhost=git.example.com:8443\n\n") == "password=helper-pw\n", "a wildcard entry keeps the port")
        #expect(try await answer(fixture, "protocol=https\nhost=git.example.com\n\n") == "", "and only its port")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com:9000\n\n") == "")
        #expect(try await answer(fixture, "protocol=https\nhost=127.0.0.1\n\n") == "", "an address has no wildcard")
    }

    @Test("a username git sends must be the entry's, when the entry has one; one that matches wins a tie")
    func usernameFilter() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "bob-pw", options: ["--username", "bob"])
        try await fixture.add("web/anyone", password: "anyone-pw", options: ["--url", "https://example.org"])
        try await fixture.add("web/carol", password: "carol-pw", options: ["--url", "https://example.org", "--username", "carol"])
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\nusername=bob\n\n") == "username=bob\npassword=bob-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\nusername=alice\n\n") == "")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=bob\npassword=bob-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.org\nusername=carol\n\n") == "username=carol\npassword=carol-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.org\nusername=dave\n\n") == "password=anyone-pw\n")
    }

    @Test("malformed requests end in one line on standard error and exit 64, quoting no value")
    func malformed() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "pw")
        let cases: [(String, String)] = [
            ("protocol=https\nhost=example.com\nsecret-typed-here\n\n", "line 3 is not key=value"),
            ("protocol=https\nhost=example.com\npassword=secret\0typed\n\n", "line 3 holds a NUL byte"),
            ("protocol=https\nhost=example.com\npassword_expiry_utc=soon-secret\n\n", "password_expiry_utc on line 3 is not a number"),
        ]
        for (request, reason) in cases {
            let result = try await helper(fixture, "get", request)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains(reason) && result.stderr.split(separator: "\n").count == 1, "\(result)")
            #expect(!result.stderr.contains("secret"), "no value is quoted: \(result.stderr)")
        }
        let invalid = try await fixture.run(["git-credential", "get"], stdin: nil, environment: [:]) { context in
            context.streams.input = FileDescriptor(rawValue: -1)
        }
        #expect(invalid.status == 1 && invalid.stderr.split(separator: "\n").count == 1, "an unreadable input is one line too: \(invalid)")
    }

    @Test("actions other than get, store and erase are ignored, as git's protocol asks")
    func otherActions() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await helper(fixture, "capability", "not=read\nat all\n\n")
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }

    @Test("the helper's entries answer only for their URL's scheme (https without one): an https token never goes over http, nor is replaced from it")
    func helperEntriesKeepTheirScheme() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/plain.example", password: "typed-token")
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=https-token\n\n")
        #expect(try await answer(fixture, "protocol=https\nhost=plain.example\n\n") == "password=typed-token\n")
        #expect(try await answer(fixture, "protocol=http\nhost=plain.example\n\n") == "")
        #expect(try await answer(fixture, "protocol=http\nhost=example.com\n\n") == "")
        #expect(try await answer(fixture, "protocol=smtp\nhost=example.com\n\n") == "")
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=http\nhost=example.com\nusername=alice\npassword=sniffed\n\n")
        let json = try await entryJSON(fixture, "git/example.com")
        #expect(json["password"] as? String == "https-token" && (json["history"] as? [Any])?.isEmpty != false, "\(json)")

        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=http\nhost=intranet.example\nusername=bob\npassword=plain-pw\n\n")
        #expect(try await answer(fixture, "protocol=http\nhost=intranet.example\n\n") == "username=bob\npassword=plain-pw\n")
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=intranet.example\nusername=bob\npassword=tls-pw\n\n")
        #expect(try await answer(fixture, "protocol=https\nhost=intranet.example\n\n") == "username=bob\npassword=tls-pw\n", "https replaces an http login")
        #expect(try await answer(fixture, "protocol=http\nhost=intranet.example\n\n") == "", "and is not sent over http afterwards")
    }

    @Test("store makes git/HOST[/PATH] with the username, the URL git used and the expiry; get gives the expiry back until it passes")
    func storeCreates() async throws {
        let fixture = try await VaultFixture.initialized()
        let future = Int64(Date().timeIntervalSince1970) + 3600
        try await fixture.succeed(["git-credential", "store"],
                                  stdin: "protocol=https\nhost=Example.com\npath=team/repo.git\nusername=alice\npassword=new-pw\npassword_expiry_utc=\(future)\n\n")
        let json = try await entryJSON(fixture, "git/example.com/team/repo.git")
        #expect(json["username"] as? String == "alice" && json["password"] as? String == "new-pw")
        #expect(json["urls"] as? [String] == ["https://example.com/team/repo.git"])
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\npath=team/repo.git\n\n")
                == "username=alice\npassword=new-pw\npassword_expiry_utc=\(future)\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "", "a path's login is not the host's")

        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=old\npassword_expiry_utc=1000\n\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "", "an expired password does not answer")
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=lasting\n\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=alice\npassword=lasting\n", "a store without expiry removes it")
        #expect((try await entryJSON(fixture, "git/example.com")["fields"] as? [Any] ?? []).isEmpty, "the expiry field is gone")
    }

    @Test("store replaces a password into the history, and writes nothing when the answering entry holds the login already")
    func storeUpdates() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "old-pw", options: ["--username", "alice", "--note", "kept"])
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=new-pw\n\n")
        let json = try await entryJSON(fixture, "git/example.com")
        #expect(json["password"] as? String == "new-pw" && json["notes"] as? String == "kept")
        #expect(try await history(fixture, "git/example.com") == ["old-pw"])

        let before = try fixture.vaultBytes()
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=new-pw\n\n")
        #expect(try fixture.vaultBytes() == before, "the same login again changes nothing")
    }

    @Test("store never writes a person's own login: the same password is left alone, another goes to git/HOST, which then answers")
    func storeLeavesOwnLogins() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "web-pw", options: ["--url", "https://example.com/login", "--username", "alice"])
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=web-pw\n\n")
        #expect(try await fixture.names() == ["web/site"])
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=token\n\n")
        #expect(try await fixture.names() == ["git/example.com", "web/site"])
        #expect(try await fixture.password(of: "web/site") == "web-pw")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=alice\npassword=token\n")
    }

    @Test("a second account on a host goes to git/USER@HOST, and each username gets its own")
    func secondAccount() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=bob\npassword=bob-pw\n\n")
        try await fixture.succeed(["git-credential", "store"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=alice-pw\n\n")
        #expect(try await fixture.names() == ["git/alice@example.com", "git/example.com"])
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\nusername=alice\n\n") == "username=alice\npassword=alice-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\nusername=bob\n\n") == "username=bob\npassword=bob-pw\n")
        let slashed = try await helper(fixture, "store", "protocol=https\nhost=example.com\nusername=team/carol\npassword=carol-pw\n\n")
        #expect(slashed.status == 1 && slashed.stderr.contains("git/example.com holds another user's login"), "\(slashed)")
        #expect(!slashed.stderr.contains("carol-pw"))
    }

    /// As an attacker who controls a host below the user's (a taken-over subdomain) would try:
    /// git asks for `evil.example.com`'s login, then tells the helper it was refused.
    @Test("the token of git/example.com never goes to evil.example.com, which cannot erase it; git/*.example.com answers one label below only")
    func exactHostOnly() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "token-pw", options: ["--username", "alice"])
        for host in ["evil.example.com", "a.evil.example.com", "example.com:8443", "evil.example.com:443"] {
            #expect(try await answer(fixture, "protocol=https\nhost=\(host)\n\n") == "", "\(host) must get nothing")
            #expect(try await answer(fixture, "protocol=https\nhost=\(host)\nusername=alice\n\n") == "", "\(host) as alice must get nothing")
            try await fixture.succeed(["git-credential", "erase"], stdin: "protocol=https\nhost=\(host)\nusername=alice\npassword=token-pw\n\n")
            #expect(try await fixture.password(of: "git/example.com") == "token-pw", "\(host) erased the token")
        }
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=alice\npassword=token-pw\n")

        try await fixture.add("git/*.example.com", password: "wild-pw", options: ["--username", "bob"])
        #expect(try await answer(fixture, "protocol=https\nhost=ci.example.com\n\n") == "username=bob\npassword=wild-pw\n")
        #expect(try await answer(fixture, "protocol=https\nhost=a.ci.example.com\n\n") == "", "a * is one label")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "username=alice\npassword=token-pw\n")
        try await fixture.add("git/*.com", password: "tld-pw")
        #expect(try await answer(fixture, "protocol=https\nhost=other.com\n\n") == "", "never a bare top-level domain")
    }

    @Test("erase moves the password git sent to the history of the git/ entry holding exactly it; a stale one, or a person's login, is left alone")
    func erase() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "current", options: ["--username", "alice"])
        try await fixture.add("web/site", password: "web-pw", options: ["--url", "https://example.org"])
        try await fixture.succeed(["git-credential", "erase"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=stale\n\n")
        #expect(try await fixture.password(of: "git/example.com") == "current")
        try await fixture.succeed(["git-credential", "erase"], stdin: "protocol=https\nhost=example.com\nusername=alice\n\n")
        #expect(try await fixture.password(of: "git/example.com") == "current", "no password sent, nothing erased")
        try await fixture.succeed(["git-credential", "erase"], stdin: "protocol=https\nhost=example.org\npassword=web-pw\n\n")
        #expect(try await fixture.password(of: "web/site") == "web-pw")

        try await fixture.succeed(["git-credential", "erase"], stdin: "protocol=https\nhost=example.com\nusername=alice\npassword=current\n\n")
        #expect(try await answer(fixture, "protocol=https\nhost=example.com\n\n") == "")
        #expect(try await entryJSON(fixture, "git/example.com")["password"] == nil)
        #expect(try await history(fixture, "git/example.com") == ["current"])
        #expect(try await entryJSON(fixture, "git/example.com")["username"] as? String == "alice", "the entry stays")
    }

    @Test("with no cached key and nobody to ask, or GIT_TERMINAL_PROMPT=0, nothing is printed and nothing asked: exit 0")
    func locked() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("git/example.com", password: "pw")
        let request = "protocol=https\nhost=example.com\nusername=alice\npassword=other\n\n"
        for action in ["get", "store", "erase"] {
            let result = try await helper(fixture, action, request, environment: ["VAULT_PASSWORD_FILE": nil])
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(action): \(result)")
        }
        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword)])
        for disabled in ["0", "false", "OFF"] {
            let result = try await fixture.run(["git-credential", "get"], stdin: request, environment: ["VAULT_PASSWORD_FILE": nil, "GIT_TERMINAL_PROMPT": disabled]) {
                $0.terminal = person.access
            }
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
        }
        #expect(person.shown.isEmpty, "the terminal was never asked")
        let asked = try await fixture.run(["git-credential", "get"], stdin: request, environment: ["VAULT_PASSWORD_FILE": nil, "GIT_TERMINAL_PROMPT": "1"]) {
            $0.terminal = person.access
        }
        #expect(asked.stdout == "password=pw\n" && person.shown.count == 1, "with a terminal and prompts allowed, it asks: \(asked)")
        #expect(try await fixture.password(of: "git/example.com") == "pw")
    }
}
