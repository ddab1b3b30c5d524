import Testing

/// An entry as a test adds it: the command-line options of `vault add` and the secrets it
/// reads from standard input (the password, then each secret field in order).
package struct SampleEntry: Sendable {
    package var name: String
    package var password: String
    package var username: String? = nil
    package var urls: [String] = []
    package var note: String? = nil
    package var fields: [(name: String, value: String)] = []
    package var secretFields: [(name: String, value: String)] = []
    package var tags: [String] = []

    package var addOptions: [String] {
        var options: [String] = []
        if let username { options += ["--username", username] }
        for url in urls { options += ["--url", url] }
        if let note { options += ["--note", note] }
        for field in fields { options += ["--field", "\(field.name)=\(field.value)"] }
        for field in secretFields { options += ["--secret-field", field.name] }
        for tag in tags { options += ["--tag", tag] }
        return options
    }

    /// Every secret of the entry, the things that must never show up where secrets are not asked for.
    package var secrets: [String] { [password] + secretFields.map(\.value) }
}

/// The entries the round-trip tests work with: non-ASCII names, spaces, quotes, backslashes,
/// multi-line notes, plain and secret custom fields, several URLs and tags.
package enum SampleEntries {
    package static let café = SampleEntry(
        name: "café/ü", password: "pässwörd-ÇAFÉ-1",
        username: "bob@example.org", urls: ["https://café.example/login", "https://backup.example"],
        note: "first line of the note\nsecond line: PIN is not here\n  indented third", fields: [("pin-hint", "birthday")],
        secretFields: [("api-key", "sk-live-SECRET-4242"), ("recovery", "rc-0000-SECRET")], tags: ["food", "ünïcode"])
    package static let quoted = SampleEntry(
        name: #"web/say "hi" \ to me"#, password: #"p "q" \ back\slash and spaces"#,
        username: #"o'brien "the" \user"#, urls: ["https://quotes.example/?a=1&b=\"2\""],
        note: #"a note with "quotes" and \backslashes\"#, tags: ["dev"])
    package static let github = SampleEntry(
        name: "web/github", password: "gh-Pa55word!", username: "octocat",
        urls: ["https://github.com"], fields: [("org", "example-org")], tags: ["dev", "code"])
    package static let bank = SampleEntry(name: "bank account", password: "correct-bank-horse")

    package static let all = [café, quoted, github, bank]
}

extension VaultFixture {
    /// `vault add` for a sample entry.
    package func add(_ entry: SampleEntry, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await add(entry.name, password: entry.password, options: entry.addOptions,
                      secrets: entry.secretFields.map(\.value), sourceLocation: sourceLocation)
    }

    /// A fresh vault holding every sample entry.
    package static func withSampleEntries() async throws -> VaultFixture {
        let fixture = try await initialized()
        for entry in SampleEntries.all { try await fixture.add(entry) }
        return fixture
    }
}
