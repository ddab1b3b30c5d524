import Testing
@testable import VaultCLI

/// The picker's fzf-like matching: letters in order, any case; the score prefers letters
/// together and at the start of words; names rank before usernames and URLs; ties keep name
/// order.
struct PickerMatchTests {
    @Test func lettersMustAppearInOrder() {
        let pattern = FuzzyPattern("gh")
        #expect(pattern.score("github") != nil)
        #expect(pattern.score("GitHub") != nil)
        #expect(pattern.score("hg") == nil)
        #expect(pattern.score("g") == nil)
        #expect(FuzzyPattern("").score("anything") == 0)
        #expect(FuzzyPattern("é").score("Café") != nil)
    }

    @Test func togetherAndAtWordStartsScoreHigher() throws {
        let pattern = FuzzyPattern("mail")
        let together = try #require(pattern.score("web/mail"))
        let apart = try #require(pattern.score("my/archive/index/list"))
        #expect(together > apart)
        let wordStart = try #require(FuzzyPattern("bank").score("web/bank"))
        let inside = try #require(FuzzyPattern("bank").score("web/databank"))
        #expect(wordStart > inside)
        let camel = try #require(FuzzyPattern("h").score("gitHub"))
        let plain = try #require(FuzzyPattern("h").score("github"))
        #expect(camel > plain)
    }

    @Test func theBestAlignmentCountsNotTheFirst() throws {
        // A greedy match takes the first g and the h after it; the best takes the "gh" of "ghost".
        let best = try #require(FuzzyPattern("gh").score("git-ghost"))
        let onlyApart = try #require(FuzzyPattern("gh").score("git-host"))
        #expect(best > onlyApart)
    }

    @Test func namesRankBeforeUsernamesAndURLsAndTiesKeepNameOrder() {
        let candidates = [
            PickerCandidate(name: "bank", username: "alice", urls: ["https://mybank.example"]),
            PickerCandidate(name: "mail/alice", username: "alice@example.org"),
            PickerCandidate(name: "mail/bob", username: "bob"),
            PickerCandidate(name: "shop", username: "al.ice"),
            PickerCandidate(name: "work", urls: ["https://alice.example"]),
        ]
        let ranked = PickerRanking.matches(of: FuzzyPattern("alice"), in: candidates).map { candidates[$0.index].name }
        #expect(ranked.first == "mail/alice")
        #expect(Set(ranked) == ["mail/alice", "bank", "shop", "work"])
        #expect(!ranked.contains("mail/bob"))
        let all = PickerRanking.matches(of: FuzzyPattern(""), in: candidates).map(\.index)
        #expect(all == [0, 1, 2, 3, 4])
        let tied = PickerRanking.matches(of: FuzzyPattern("mail"), in: candidates).map { candidates[$0.index].name }
        #expect(tied == ["mail/alice", "mail/bob"])
    }

    @Test func widthsCutLinesAtTheEdge() {
        #expect(ColumnWidth.of("abc") == 3)
        #expect(ColumnWidth.of("漢字") == 4)
        #expect(ColumnWidth.prefix(of: "漢字漢字", fitting: 5) == "漢字")
        #expect(ColumnWidth.suffix(of: "abcdef", fitting: 3) == "def")
        #expect(ColumnWidth.of("e\u{301}") == 1)
    }
}
