import Testing
@testable import VaultCore

/// Which entry names are accepted.
struct EntryNameTests {
    @Test(arguments: ["web/github", "a", "café/ü", "with space", "x/y/z", "quote\"d"])
    func acceptsPathLikeNames(name: String) throws {
        #expect(try EntryName.normalized(name) == name)
    }

    @Test(arguments: ["", "/web", "web/", "a//b", "tab\there", "new\nline", "del\u{7f}", "c1\u{85}", " lead", "trail "])
    func refusesBadNames(name: String) {
        #expect(throws: EntryError.self) { try EntryName.normalized(name) }
    }

    @Test func normalisesToNFC() throws {
        #expect(try EntryName.normalized("cafe\u{301}") == "caf\u{e9}")
    }
}
