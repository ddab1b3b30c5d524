import CLITestSupport
import Foundation
import Testing

/// `list`/`ls` (all, glob, substring, JSON summaries) and `search`: the right names, in order,
/// and never a secret.
@Suite("Listing and searching")
struct ListingTests {
    static let sortedNames = ["bank account", "café/ü", "web/github", #"web/say "hi" \ to me"#]
    static let allSecrets = SampleEntries.all.flatMap(\.secrets)

    @Test("list prints every name, sorted", arguments: ["list", "ls"])
    func listAll(command: String) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        #expect(try await fixture.succeed([command]).stdoutLines == Self.sortedNames)
    }

    @Test("list PATTERN filters by glob or by case-insensitive substring", arguments: [
        ("web/*", ["web/github", #"web/say "hi" \ to me"#]),
        ("*a*", ["bank account", "café/ü", #"web/say "hi" \ to me"#]),
        ("[bc]*", ["bank account", "café/ü"]),
        ("web/g?thub", ["web/github"]),
        ("GIT", ["web/github"]),
        ("Account", ["bank account"]),
        ("/", ["café/ü", "web/github", #"web/say "hi" \ to me"#]),
        ("nothing-matches", []),
    ])
    func listPattern(pattern: String, expected: [String]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        #expect(try await fixture.succeed(["list", pattern]).stdoutLines == expected)
        #expect(try await fixture.succeed(["ls", pattern]).stdoutLines == expected)
    }

    // fnmatch(3) matches characters only in a UTF-8 locale; in the C locale `?` is one byte.
    @Test("a glob's ? and [...] match one non-ASCII character")
    func globMatchesCharacters() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let question = try await fixture.succeed(["list", "caf?/*"]).stdoutLines
        let bracket = try await fixture.succeed(["list", "caf[é]/?"]).stdoutLines
        #expect(question == ["café/ü"])
        #expect(bracket == ["café/ü"])
    }

    @Test("list --json gives summaries without any secret")
    func listJSON() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let result = try await fixture.succeed(["list", "--json"])
        for secret in Self.allSecrets { #expect(!result.stdout.contains(secret), "\(secret) leaked: \(result)") }
        let summaries = try JSONValue.array(result.stdoutData)
        #expect(summaries.map { $0["name"] as? String } == Self.sortedNames)
        for summary in summaries {
            #expect(Set(summary.keys).isSubset(of: ["name", "username", "urls", "tags", "created", "modified"]),
                    "unexpected keys \(summary.keys.sorted())")
        }
        let github = try #require(summaries.first { $0["name"] as? String == "web/github" })
        #expect(github["username"] as? String == "octocat")
        #expect(github["urls"] as? [String] == ["https://github.com"])
        #expect(github["tags"] as? [String] == ["dev", "code"])
    }

    @Test("search matches names, usernames, notes, URLs, tags and plain fields", arguments: [
        ("SECOND LINE", ["café/ü"]),
        ("backup.example", ["café/ü"]),
        ("code", ["café/ü", "web/github"]),
        ("example-org", ["web/github"]),
        ("O'BRIEN", [#"web/say "hi" \ to me"#]),
        ("account", ["bank account"]),
        ("birthday", ["café/ü"]),
    ])
    func search(text: String, expected: [String]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        #expect(try await fixture.succeed(["search", text]).stdoutLines == expected)
    }

    @Test("search never matches passwords or secret fields")
    func searchIgnoresSecrets() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        for secret in Self.allSecrets {
            let result = try await fixture.succeed(["search", secret])
            #expect(result.stdout.isEmpty, "search for a secret found: \(result)")
        }
        let json = try await fixture.succeed(["search", "--json", "a"])
        for secret in Self.allSecrets { #expect(!json.stdout.contains(secret), "\(secret) leaked: \(json)") }
        #expect(try JSONValue.array(json.stdoutData).count == 4)
    }
}
