import Testing
@testable import VaultCore

/// Guarded buffers and their parts: a part is the whole's memory, not a copy, and keeps the
/// whole alive; the entry keys, two parts of one buffer, are the two keyed hashes docs/format.md
/// names.
struct SecureBytesTests {
    @Test func aPartSharesTheWholesMemoryAndOutlivesItsReference() throws {
        var bytes: [UInt8] = Array(0..<64)
        var whole: SecureBytes? = try SecureBytes(consuming: &bytes)
        let part = try #require(whole).part(16..<48)
        try #require(whole).withUnsafeMutableBytes { $0[20] = 0xAA }
        whole = nil
        #expect(part.count == 32)
        #expect(part.withUnsafeBytes { Array($0) } == [16, 17, 18, 19, 0xAA] + Array(21..<48))
        #expect(try part.slice(0..<2).withUnsafeBytes { Array($0) } == [16, 17])
    }

    @Test func theEntryKeysAreTheLabelledHashesOfTheDataKey() throws {
        let dataKey = try SecureBytes.random(count: Cipher.keyLength)
        let keys = try EntryKeys(dataKey: dataKey)
        func hash(_ label: String) -> [UInt8] {
            dataKey.withUnsafeBytes { key in Array(label.utf8).withUnsafeBytes { Sodium.blake2b($0, key: key) } }
        }
        #expect(keys.sealing.withUnsafeBytes { Array($0) } == hash("vault v5 sealing"))
        let name = Array("web/bank".utf8)
        let naming = hash("vault v5 naming")
        #expect(name.withUnsafeBytes(keys.slot(of:)) == naming.withUnsafeBytes { key in name.withUnsafeBytes { Sodium.blake2b($0, key: key, length: 16) } })
        #expect(keys.sameKeys(as: try EntryKeys(dataKey: dataKey)))
    }
}
