import Foundation
import Testing
@testable import VaultCore

/// The sealed name list of shell completion (`Envelope.sealNameList`): it opens, with every
/// name as it was, only for the very write it was sealed for (read by its front), and
/// gives nothing for another write, another vault or any change to its bytes; a file whose seal
/// does not open is refused as it is everywhere.
struct NameListTests {
    private func vault(_ names: [String]) throws -> (envelope: Envelope, dataKey: SecureBytes) {
        try SealedVaults.holding(names)
    }

    /// The file's header and front, as a lookup reads them.
    private func front(of envelope: Envelope) throws -> Envelope {
        try VaultFileLookup(file: envelope.render()).envelope
    }

    @Test(arguments: [[], ["one"], ["web/a", "café/漢字", "say \"x\" \\ y", " ", "with space"], (0..<2000).map { "site/\($0)" }])
    func opensForTheWriteItWasSealedFor(names: [String]) throws {
        let (envelope, dataKey) = try vault([])
        let list = try #require(try envelope.sealNameList(names, dataKey: dataKey))
        #expect(try front(of: envelope).openNameList(list, dataKey: dataKey) == names)
        // Only a lookup's header, whose front it authenticates, opens a list.
        #expect(try envelope.openNameList(list, dataKey: dataKey) == nil)
        // Encrypted: no name is in the bytes.
        for name in names where name.utf8.count > 3 {
            #expect(!Data(list).contains(Data(name.utf8)), "\(name)")
        }
    }

    @Test func givesNothingForAnotherWriteOrAnotherVault() throws {
        var (envelope, dataKey) = try vault(["a", "b"])
        let list = try #require(try envelope.sealNameList(["a", "b"], dataKey: dataKey))
        // The next write, even with the entries unchanged, has a seal of its own.
        let table = try envelope.openTable(dataKey: dataKey)
        try envelope.sealEntries(table, dataKey: dataKey)
        #expect(try front(of: envelope).openNameList(list, dataKey: dataKey) == nil)
        #expect(try front(of: envelope).openNameList(try #require(try envelope.sealNameList(["a", "b"], dataKey: dataKey)), dataKey: dataKey) == ["a", "b"])

        let (other, otherKey) = try vault(["a", "b"])
        #expect(try front(of: other).openNameList(list, dataKey: otherKey) == nil)
    }

    @Test func givesNothingForChangedBytes() throws {
        let (envelope, dataKey) = try vault(["x"])
        let list = try #require(try envelope.sealNameList(["alpha", "beta"], dataKey: dataKey))
        let reader = try front(of: envelope)
        for index in stride(from: 0, to: list.count, by: 7) {
            var changed = list
            changed[index] ^= 0x01
            #expect(try reader.openNameList(changed, dataKey: dataKey) == nil, "byte \(index)")
        }
        for length in [0, 1, 23, 24, 39, list.count - 1] {
            #expect(try reader.openNameList(Array(list.prefix(length)), dataKey: dataKey) == nil, "\(length) bytes")
        }
        #expect(try reader.openNameList(list + [0], dataKey: dataKey) == nil)
    }

    @Test func noListForANameWithALineFeedOrAnEmptyOne() throws {
        let (envelope, dataKey) = try vault([])
        #expect(try envelope.sealNameList(["good", "two\nlines"], dataKey: dataKey) == nil)
        #expect(try envelope.sealNameList([""], dataKey: dataKey) == nil)
        #expect(try envelope.sealNameList(["a", ""], dataKey: dataKey) == nil)
    }

    @Test func aFileWhoseSealDoesNotOpenIsRefused() throws {
        let (envelope, dataKey) = try vault(["a"])
        let list = try #require(try envelope.sealNameList(["a"], dataKey: dataKey))
        // Another page digest: the seal, which binds them, no longer opens.
        var text = envelope.render()
        let pages = try #require(text.firstRange(of: Array("\"pages\": [\n    \"".utf8)))
        text[pages.upperBound] = text[pages.upperBound] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let tampered = try VaultFileLookup(file: text).envelope
        #expect(throws: VaultOpenError.tampered) { try tampered.openNameList(list, dataKey: dataKey) }
    }
}
