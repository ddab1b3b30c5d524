import FoundationEssentials
import Testing
import VaultCore
import VaultSystem
@testable import Breach

/// `EmailAddress`: which values count as e-mail addresses, and how the addresses of a vault
/// are gathered (each once, whatever its case, in a stable order, with its entries).
@Suite("EmailAddress")
struct EmailAddressTests {
    @Test("addresses", arguments: [
        "alice@example.org", "Bob+News@Example.COM", "a@b.co", "first.last@sub.domain.example", "o'brien@example.ie",
        "用户@例子.广告",
    ])
    func addresses(text: String) {
        #expect(EmailAddress.isAddress(text))
    }

    @Test("not addresses", arguments: [
        "", "alice", "@example.org", "alice@", "alice@localhost", "alice@@example.org", "a@b@example.org",
        "alice @example.org", "alice@exa mple.org", "alice@example.org\n", "alice@.example.org", "alice@example.org.",
        "alice@example..org", "\u{1B}[2Jalice@example.org", String(repeating: "a", count: 250) + "@x.example",
    ])
    func notAddresses(text: String) {
        #expect(!EmailAddress.isAddress(text))
    }

    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("gathered from user names and plain fields, trimmed, once whatever the case, ordered, with their entries; secret fields left out")
    func collect() {
        let entries = [
            Entry(name: "bank", username: "bob", fields: [CustomField(name: "mail", value: " Carol@Example.net ", secret: false)], created: Self.created),
            Entry(name: "mail", username: "alice@example.org",
                  fields: [CustomField(name: "again", value: "ALICE@example.org", secret: false),
                           CustomField(name: "backup", value: "dave@example.org", secret: true)], created: Self.created),
            Entry(name: "shop", username: "Alice@Example.org", created: Self.created),
            Entry(name: "notes", created: Self.created),
        ]
        let found = EmailAddress.collect(from: entries)
        #expect(found.map(\.address) == ["alice@example.org", "Carol@Example.net"])
        #expect(found.map(\.entries) == [["mail", "shop"], ["bank"]])
    }
}
