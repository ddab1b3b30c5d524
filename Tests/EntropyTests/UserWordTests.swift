import FoundationEssentials
import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import Entropy

/// The entry's own words (name parts, username, site names) as a ranked list: they make a
/// password built from them weak for that entry, and only for it.
@Suite("entry words")
struct UserWordTests {
    @Test("the words of an entry: name parts, username and its parts, host names without www and the TLD")
    func entryWords() {
        var entry = Entry(name: "web/github-work", created: Date().toTheSecond, modified: Date().toTheSecond)
        entry.username = "octo.cat@example.com"
        entry.urls = ["https://www.github.com/login", "mail.example.org:8443", "http://user@intranet/x"]
        #expect(EntryWords.of(entry) == [
            "web", "github", "work", "octo.cat@example.com", "octo", "cat", "example", "com",
            "github", "mail", "example", "intranet",
        ])
    }

    @Test("a user:password@ in a URL is not taken for the site")
    func userInfo() {
        var entry = Entry(name: "x", created: Date().toTheSecond, modified: Date().toTheSecond)
        entry.urls = ["https://someone:secret@github.com:443/path"]
        #expect(EntryWords.of(entry) == ["x", "github"])
    }

    @Test("emoji in the entry's words match the same emoji only, not any other")
    func emoji() {
        let matcher = UserWordMatcher(["👍🏽dog"])
        #expect(matcher.matches(in: PasswordText("🇫🇷dogkqv")).isEmpty, "a flag is not a thumbs-up")
        #expect(matcher.matches(in: PasswordText("x👍🏽dogkqv")).contains { $0.start == 1 && $0.end == 4 })
    }

    @Test("a user word is found plain, capitalised, reversed and with l33t, ranked by its position")
    func matches() throws {
        let matcher = UserWordMatcher(["web", "github", "octocat", "ab"])
        #expect(matcher.words.count == 3, "words under three characters are left out")
        for (password, rank, reversed) in [("Github2024!", 2, false), ("buhtig!!", 2, true), ("0ct0cat", 3, false)] {
            let found = matcher.matches(in: PasswordText(password)).compactMap { match -> (Int, Bool)? in
                guard case .dictionary(let word) = match.pattern, word.list == .userInputs else { return nil }
                return (word.rank, word.reversed)
            }
            #expect(found.contains { $0 == (rank, reversed) }, "\(password): \(found)")
        }
        #expect(matcher.matches(in: PasswordText("g1thub")).contains { match in
            if case .dictionary(let word) = match.pattern { return word.substitutions.map(\.l33t) == ["1"] }
            return false
        })
        #expect(matcher.matches(in: PasswordText("gith8b")).isEmpty, "8 stands for b, never u")
    }

    @Test("a password built from the entry's words scores lower for that entry than on its own")
    func lowersTheScore() {
        let alone = Pinned.estimator.estimate("Github2024!")
        let forEntry = Pinned.estimator.estimate("Github2024!", userWords: ["web", "github", "octocat"])
        #expect(alone.score == 3)
        #expect(forEntry.score == 2)
        #expect(forEntry.segments.first?.details.first { $0.key == "list" }?.value == .text("user_inputs"))
        #expect(forEntry.feedback.warning == "Passwords built from the entry's name, username or site are easy to guess.")
    }
}
