import Foundation
import Testing
@testable import VaultCore

/// The sorted JSON-lines payload: lookups, changes and the checks on load.
struct EntryTableTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func keepsEntriesSortedAndFindsThem() throws {
        let table = try EntryTable(content: SecureBytes(count: 0))
        for name in ["zeta", "alpha", "web/github", "café", "quote\"and\\slash", "Alpha"] {
            try table.put(Entry(name: name, password: "pw-\(name)", created: date))
        }
        #expect(table.names == ["Alpha", "alpha", "café", "quote\"and\\slash", "web/github", "zeta"])
        #expect(try table.entry(named: "quote\"and\\slash")?.password == "pw-quote\"and\\slash")
        #expect(try table.entry(named: "café")?.password == "pw-café")
        #expect(try table.entry(named: "missing") == nil)

        let reloaded = try EntryTable(content: table.serialized())
        #expect(reloaded.names == table.names)
        #expect(try reloaded.allEntries() == table.allEntries())
    }

    @Test func replacesAndRemoves() throws {
        let table = try EntryTable(content: SecureBytes(count: 0))
        try table.put(Entry(name: "a", password: "1", created: date))
        try table.put(Entry(name: "b", password: "2", created: date))
        try table.put(Entry(name: "a", password: "3", created: date))
        #expect(table.count == 2)
        #expect(try table.entry(named: "a")?.password == "3")
        #expect(try table.remove(named: "a"))
        #expect(try !table.remove(named: "a"))
        #expect(table.names == ["b"])
    }

    @Test func refusesUnsortedOrDuplicateOrNamelessLines() throws {
        func load(_ text: String) throws {
            var bytes = Array(text.utf8)
            _ = try EntryTable(content: SecureBytes(consuming: &bytes))
        }
        let line = { (name: String) in #"{"name":"\#(name)","created":"2023-11-14T22:13:20Z"}"# + "\n" }
        try load(line("a") + line("b"))
        #expect(throws: VaultOpenError.self) { try load(line("b") + line("a")) }
        #expect(throws: VaultOpenError.self) { try load(line("a") + line("a")) }
        #expect(throws: VaultOpenError.self) { try load(#"{"created":"x"}"# + "\n") }
        #expect(throws: VaultOpenError.self) { try load(String(line("a").dropLast())) }
        // A name not in NFC could be listed but never looked up: refused on open.
        #expect(throws: VaultOpenError.self) { try load(line("cafe\u{301}")) }
        try load(line("caf\u{e9}"))
    }
}

/// `EntryTable.secrets(ofType:fields:)`, which the SSH agent reads its keys with.
struct EntryTableTypeTests {
    @Test("the entries of one type, in name order, and none of another; a login named or tagged as the type is not one")
    func entriesOfType() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let table = try EntryTable(content: SecureBytes(count: 0))
        try table.put(Entry(name: "ssh/b", type: .sshKey, password: "pass", created: date))
        try table.put(Entry(name: "ssh/a", type: .sshKey, created: date))
        try table.put(Entry(name: "notes/quote", type: .note, notes: #"the "ssh-key" type"#, created: date))
        try table.put(Entry(name: "web/site", password: "p", created: date))
        try table.put(Entry(name: "ssh-key", username: "ssh-key", password: "p", tags: ["ssh-key"], created: date))
        #expect(try table.secrets(ofType: .sshKey, fields: []).map(\.name) == ["ssh/a", "ssh/b"])
        #expect(try table.secrets(ofType: .note, fields: []).map(\.name) == ["notes/quote"])
        #expect(try table.secrets(ofType: .login, fields: []).map(\.name) == ["ssh-key", "web/site"])
        #expect(try table.secrets(ofType: .card, fields: []).isEmpty)
    }

    @Test("the password and the fields asked for (the first of a name), and no other field")
    func secretValues() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let table = try EntryTable(content: SecureBytes(count: 0))
        let fields = [CustomField(name: "private key", value: "line 1\nline \"2\" \u{1F511}", secret: true),
                      CustomField(name: "private key", value: "second", secret: true),
                      CustomField(name: "public key", value: "ssh-ed25519 AAAA", secret: false),
                      CustomField(name: "other", value: "not asked", secret: true)]
        try table.put(Entry(name: "ssh/a", type: .sshKey, password: "pass\\word", fields: fields, created: date))
        try table.put(Entry(name: "ssh/b", type: .sshKey, created: date))
        let secrets = try table.secrets(ofType: .sshKey, fields: ["private key", "public key", "missing"])
        func text(_ bytes: SecureBytes?) -> String? { bytes?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
        #expect(text(secrets[0].password) == "pass\\word")
        #expect(text(secrets[0].field(named: "private key")) == "line 1\nline \"2\" \u{1F511}")
        #expect(text(secrets[0].field(named: "public key")) == "ssh-ed25519 AAAA")
        #expect(secrets[0].fields.keys.sorted() == ["private key", "public key"])
        #expect(secrets[1].password == nil && secrets[1].fields.isEmpty)
    }

    @Test("a line in another form than vault writes (white space, even around the type) is decoded instead, to the same values")
    func otherForm() throws {
        let line = #"{"name":"ssh/a", "type" : "ssh-key", "password":"pé", "created":"2020-01-02T03:04:05Z", "fields":[{"name":"k","value":"v","secret":true}]}"#
        var bytes = Array((line + "\n").utf8)
        let table = try EntryTable(content: SecureBytes(consuming: &bytes))
        let secrets = try #require(try table.secrets(ofType: .sshKey, fields: ["k"]).first)
        #expect(secrets.password?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "p\u{e9}")
        #expect(secrets.field(named: "k")?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "v")
    }
}
