import CLITestSupport
import Foundation
import Testing

/// Entry names that cannot be used are refused with a usage error (64) before anything is read
/// or written; names are compared in Unicode NFC.
@Suite("Entry names")
struct EntryNameTests {
    /// A name that must be refused, and the reason `vault` gives for it.
    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var reason: String
        var testDescription: String { name.debugDescription }
    }

    static let refused: [Refused] = [
        Refused(name: "", reason: "it is empty"),
        Refused(name: "two\nlines", reason: "control characters"),
        Refused(name: "tab\there", reason: "control characters"),
        Refused(name: "del\u{7f}ete", reason: "control characters"),
        Refused(name: "esc\u{1b}ape", reason: "control characters"),
        Refused(name: "/leading", reason: "starts or ends with '/'"),
        Refused(name: "trailing/", reason: "starts or ends with '/'"),
        Refused(name: "/", reason: "starts or ends with '/'"),
        Refused(name: "empty//segment", reason: "empty path segment"),
        Refused(name: " padded", reason: "starts or ends with a space"),
        Refused(name: String(repeating: "x", count: 513), reason: "longer than 512 bytes"),
    ]

    @Test("add refuses the name with 64, one escaped line, and writes nothing", arguments: refused)
    func addRefuses(_ case: Refused) async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try fixture.vaultBytes()
        let result = try await fixture.run(["add", `case`.name], stdin: "pw\n")
        expectFailure(result, status: 64, mentioning: "is not a valid entry name", `case`.reason)
        #expect(try fixture.vaultBytes() == before)
        #expect(try await fixture.names() == [])
    }

    @Test("mv and import refuse the same names", arguments: refused.filter { !$0.name.isEmpty })
    func otherCommandsRefuse(_ case: Refused) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("good", password: "pw")
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["mv", "good", `case`.name]), status: 64, mentioning: "is not a valid entry name")
        let file = try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: `case`.name, password: "x"),
        ]))
        expectFailure(try await fixture.run(["import", file]), status: 1, mentioning: "entry 1", "nothing was imported")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("the message escapes control characters instead of printing them")
    func messageEscapes() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.run(["add", "evil\n\u{1b}[31mred"], stdin: "pw\n")
        expectFailure(result, status: 64, mentioning: #"'evil\u{A}\u{1B}[31mred'"#)
        #expect(!result.stderr.contains("\u{1b}"))
    }

    @Test("a name typed decomposed (NFD) finds the entry stored composed (NFC), and vice versa")
    func unicodeNormalization() async throws {
        let fixture = try await VaultFixture.initialized()
        let decomposed = "cafe\u{301}/u\u{308}"
        let composed = "caf\u{e9}/\u{fc}"
        try await fixture.add(decomposed, password: "nfd-pw")
        #expect(try await fixture.password(of: composed) == "nfd-pw")
        #expect(try await fixture.names().map { Array($0.unicodeScalars) } == [Array(composed.unicodeScalars)])
        expectFailure(try await fixture.run(["add", composed], stdin: "again\n"), status: 5, mentioning: "already exists")
    }

    @Test("names that JSON escapes are stored, sorted by their UTF-8 bytes and found again")
    func escapedNamesSortAndLookUp() async throws {
        let fixture = try await VaultFixture.initialized()
        let names = [#"a"b"#, #"a\b"#, "a b", "a#b", "a/b", #"a""#, #"a\"#, "a", #"a\"b"#, #"a\\b"#, "a\u{2028}b",
                     #"a\u0041"#, #"""#, #"\"#, "Z", "é", "e", #"a"c"#, #"a\n"#, "a/b/c", #"a\/b"#]
        for (index, name) in names.enumerated().shuffled() { try await fixture.add(name, password: "pw-\(index)") }
        let sorted = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(try await fixture.names() == sorted)
        let passwords = try await concurrentMap(names, limit: 8) { try await fixture.password(of: $0) }
        #expect(passwords == names.indices.map { "pw-\($0)" })
    }

    @Test("names with spaces, quotes, backslashes and non-ASCII letters are fine", arguments: [
        "a b c", #"say "hi""#, #"back\slash"#, "ünï/cödé/名前", "it's", "x/y/z", "emoji 🔑",
    ])
    func acceptedNames(name: String) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add(name, password: "pw-for-\(name)")
        #expect(try await fixture.password(of: name) == "pw-for-\(name)")
        #expect(try await fixture.names() == [name])
    }
}
