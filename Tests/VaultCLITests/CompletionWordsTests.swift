import Testing
@testable import VaultCLI

/// What the completion listing reads from the words a shell hands over, and how it gives each
/// shell the names.
struct CompletionWordsTests {
    @Test func theLastVaultOptionWinsInEitherForm() {
        #expect(CompletionWords(["get", "--vault", "/a.json"], dialect: .fish, home: nil).vaultPath == "/a.json")
        #expect(CompletionWords(["get", "--vault=/a.json", "--vault", "/b.json"], dialect: .zsh, home: nil).vaultPath == "/b.json")
        #expect(CompletionWords(["get", "--vault", "=", "/c.json"], dialect: .bash, home: nil).vaultPath == "/c.json")
        #expect(CompletionWords(["get", "--", "--vault", "/d.json"], dialect: .fish, home: nil).vaultPath == nil)
        #expect(CompletionWords(["get", "--vault"], dialect: .fish, home: nil).vaultPath == nil)
        #expect(CompletionWords(["get", "--no-keyring"], dialect: .fish, home: nil).noKeyring)
        #expect(CompletionWords(["get", "--vault", "~/v.json"], dialect: .zsh, home: "/home/me").vaultPath == "/home/me/v.json")
    }

    @Test func bashWordsLoseTheirQuoting() {
        #expect(CompletionWords(["mv", "--vault", #"/my\ vaults/it\'s.json"#], dialect: .bash, home: nil).vaultPath == "/my vaults/it's.json")
        #expect(CompletionWords.unquoted(#"'/a b'/"c d"/e\ f"#) == "/a b/c d/e f")
        #expect(CompletionWords.unquoted(#""a\$b\c""#) == #"a$b\c"#)
        #expect(CompletionWords.unquoted(#"'it'\''s'"#) == "it's")
        #expect(CompletionWords.unquoted(#""unfinished"#) == "unfinished")
        #expect(CompletionWords.unquoted("$HOME/v") == "$HOME/v", "expansions are not made")
    }

    @Test func candidatesAreQuotedForEachShell() {
        let name = #"work: "it's" $HOME\x"#
        #expect(EntryNameCompletion.candidate(#"work: "it's" home"#, for: .bash) == #"'work: "it'\''s" home'"#)
        for unsafe in ["ops/`touch x`", "$HOME", #"a\b"#, "hi!"] {
            #expect(EntryNameCompletion.candidate(unsafe, for: .bash) == nil, "bash would insert \(unsafe) unescaped")
        }
        #expect(EntryNameCompletion.candidate(name, for: .zsh) == #"work\: "it's" $HOME\\x"#)
        #expect(EntryNameCompletion.candidate(name, for: .fish) == name)
        #expect(EntryNameCompletion.candidate("web/github", for: .bash) == "web/github")
    }
}
