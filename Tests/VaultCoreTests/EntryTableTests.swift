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

/// `EntryTable.entries(ofType:)`, which the SSH agent reads its keys with.
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
        #expect(try table.entries(ofType: .sshKey).map(\.name) == ["ssh/a", "ssh/b"])
        #expect(try table.entries(ofType: .note).map(\.name) == ["notes/quote"])
        #expect(try table.entries(ofType: .login).map(\.name) == ["ssh-key", "web/site"])
        #expect(try table.entries(ofType: .card).isEmpty)
    }
}
