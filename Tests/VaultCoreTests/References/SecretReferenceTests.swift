import Testing
@testable import VaultCore

/// `vault://NAME[#FIELD]`: what parses to what, what is refused and why, and that the
/// description parses back to the same reference.
struct SecretReferenceTests {
    @Test(arguments: [
        ("vault://db/prod", "db/prod", nil),
        ("vault://db/prod#username", "db/prod", "username"),
        ("vault://my%20bank#pin", "my bank", "pin"),
        ("vault://a%23b#c%23d", "a#b", "c#d"),
        ("vault://100%25#field%20name", "100%", "field name"),
        ("vault://caf%C3%A9/%C3%BC", "café/ü", nil),
        ("vault://café/ü#ünïcode", "café/ü", "ünïcode"),
        ("vault://x#otp", "x", "otp"),
        ("vault://web/say%20%22hi%22", "web/say \"hi\"", nil),
    ] as [(String, String, String?)])
    func parses(text: String, name: String, field: String?) throws {
        let reference = try SecretReference(parsing: text)
        #expect(reference.name == name)
        #expect(reference.field == field)
    }

    @Test func decodedNamesAreInNFC() throws {
        #expect(try SecretReference(parsing: "vault://cafe%CC%81").name == "caf\u{e9}")
        #expect(try SecretReference(parsing: "vault://cafe\u{301}").name == "caf\u{e9}")
    }

    @Test(arguments: [
        SecretReference(name: "db/prod"),
        SecretReference(name: "db/prod", field: "username"),
        SecretReference(name: "my bank", field: "pin code"),
        SecretReference(name: "a#b", field: "c#d"),
        SecretReference(name: "100% sure", field: "50%"),
        SecretReference(name: "café/ü", field: "ünïcode"),
        SecretReference(name: "日本/鍵", field: "フィールド"),
        SecretReference(name: "no\u{a0}break", field: "tab\tfield"),
        SecretReference(name: "web/say \"hi\" \\ to me"),
    ])
    func descriptionParsesBack(reference: SecretReference) throws {
        let text = reference.description
        #expect(text.hasPrefix("vault://"))
        #expect(!text.dropFirst(8).contains(" "), "\(text)")
        #expect(try SecretReference(parsing: text) == reference, "\(text)")
    }

    @Test func descriptionEncodesOnlyWhatMustBe() {
        #expect(SecretReference(name: "my bank", field: "pin").description == "vault://my%20bank#pin")
        #expect(SecretReference(name: "a#b%c").description == "vault://a%23b%25c")
        #expect(SecretReference(name: "café/ü").description == "vault://café/ü")
    }

    @Test(arguments: ["db/prod", "vault:/db", "VAULT://db", "vault:db", " vault://db", "https://db", ""])
    func refusesTextWithoutTheScheme(text: String) {
        #expect(!SecretReference.isReference(text))
        #expect(throws: SecretReferenceError.notAReference(text)) { try SecretReference(parsing: text) }
    }

    @Test(arguments: [
        ("vault://my bank", "a space in a name must be percent-encoded"),
        ("vault://db#user name", "a space in a field must be percent-encoded"),
        ("vault://db\tprod", "U+0009 in a name"),
        ("vault://db\u{7f}", "U+007F in a name"),
        ("vault://db#a#b", "U+0023"),
        ("vault://db%", "'%' must be followed by two hexadecimal digits"),
        ("vault://db%2", "'%' must be followed by two hexadecimal digits"),
        ("vault://db%zz", "'%' must be followed by two hexadecimal digits"),
        ("vault://db#%g0", "'%' must be followed by two hexadecimal digits"),
        ("vault://db%FF", "not UTF-8"),
        ("vault://db%C3", "not UTF-8"),
        ("vault://db#%C3%28", "not UTF-8"),
        ("vault://db#", "the field after '#' is empty"),
        ("vault://", "name"),
        ("vault:///db", "name"),
        ("vault://db/", "name"),
        ("vault://a//b", "name"),
        ("vault://%20lead", "name"),
        ("vault://new%0Aline", "name"),
    ])
    func refusesMalformedReferences(text: String, why: String) {
        #expect {
            try SecretReference(parsing: text)
        } throws: { error in
            guard let error = error as? SecretReferenceError, case .malformed(let quoted, _) = error else { return false }
            return quoted == text && error.message.contains(why) && error.exitStatus == .usage
        }
    }

    @Test func errorsNameTheReference() {
        let unresolved = SecretReferenceError.unresolved(SecretReference(name: "my bank", field: "pin"), "no such field", .notFound)
        #expect(unresolved.message == "vault://my%20bank#pin: no such field")
        #expect(unresolved.exitStatus == .notFound)
    }

    /// `vault://` and `#` are bytes of the syntax; a combining mark after them (which Swift's
    /// `Character` would fuse with them) must not hide them.
    @Test func syntaxIsFoundBeforeCombiningMarks() throws {
        #expect(SecretReference.isReference("vault://\u{301}db"), "starts with vault:// yet is passed on as a plain value")
        let reference = try? SecretReference(parsing: "vault://db#\u{301}x")
        #expect(reference?.name == "db", "the '#' must end the name: \(String(describing: reference))")
    }
}
