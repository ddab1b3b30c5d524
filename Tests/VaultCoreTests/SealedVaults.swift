import Foundation
@testable import VaultCore

/// Version 5 vaults made in memory for the format's tests.
enum SealedVaults {
    /// A version 5 vault of `names` (each entry's password `pw-NAME`) under a fresh data key
    /// (the key-encryption key is a random one: these tests never derive one).
    static func holding(_ names: [String]) throws -> (envelope: Envelope, dataKey: SecureBytes) {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        var (envelope, dataKey) = try Envelope.create(
            id: UUID().uuidString.lowercased(), cipher: .xchacha20poly1305, kdf: .minimum, keyEncryptionKey: key, salt: Array(repeating: 7, count: 16))
        let table = try envelope.openTable(dataKey: dataKey)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for name in names { try table.put(Entry(name: name, password: "pw-\(name)", created: date)) }
        try envelope.sealEntries(table, dataKey: dataKey)
        return (envelope, dataKey)
    }
}
