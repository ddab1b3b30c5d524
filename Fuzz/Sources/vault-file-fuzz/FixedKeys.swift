import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The keys the target opens vaults with, never derived in the loop: one fixed key-encryption
/// key for the vaults the seed maker seals (and for any other file), and the keys of the
/// vaults in Fixtures/, derived once from their master passwords (`SeedMaker` prints them) and
/// found here by salt.
enum FixedKeys {
    /// The fixed key-encryption key: bytes 0, 1, …, 31.
    nonisolated(unsafe) static let keyEncryptionKey = secure((0..<32).map { UInt8($0) })
    /// The data key of `emptyEnvelope`: bytes 32, 33, …, 63.
    nonisolated(unsafe) static let dataKey = secure((32..<64).map { UInt8($0) })
    static let vaultID = "0f0f0f0f-0000-4000-8000-00000000f022"
    static let salt = Array("vault fuzz salt!".utf8)

    /// A vault of `version` under the fixed keys, its body not yet sealed.
    static func emptyEnvelope(version: Int) -> Envelope {
        var envelope = Envelope(
            version: version, id: vaultID, cipher: .xchacha20poly1305, kdf: .minimum, salt: salt,
            dataKey: SealedBox(nonce: [], ciphertext: []), body: .payload(SealedBox(nonce: [], ciphertext: [])))
        try! envelope.wrap(dataKey: dataKey, with: keyEncryptionKey)
        return envelope
    }

    /// The key-encryption keys of Fixtures/v*/vault*.json, by the Base64 of their salts.
    static let fixtureKeys: [String: String] = [
        "B/BkBnqFQHv6DD/vC7mdvQ==": "5c76ab99deca2d559a6d50fcedf8527ea01407f325e99a0927fe7e562ed55c88",
        "LraghRq3Qw7O0fJ0HRLbGA==": "d39315736ae57842200733a38e1423c6189e8c76439c2d84d14a39faf21947ff",
        "1q4wYeOXjEd3ZckuaPBBEA==": "6c92bebdae59d5d5a4aae23f87162dede1e670bd4dc52d20b641b186f920a6ed",
        "V1noyHL/OHLEFbJHn+vpJw==": "b7996af3a8b7089f003a7b1af02b883d3d100469712482a82cb37baa48c9f643",
        "iPPrs3mYgdiBOZcqD7wTbQ==": "b75d1310eb8a61fb8e179372ac2b0467cd5cd058a62d49bbe0dbeae6ea4e1137",
        "eaJxmUxDlUSXgkbs82QPeg==": "9e0657d4ff22faf0e3b7bff76aef30c4fa81f9a177430a80705f2109fefb7551",
        "MY9nJGDeRPBmaY/iPX59PQ==": "17a56a56b6ceb43e8e66e4bc14d52e7e9aad2dd9c899f315869935b318a76d86",
        "8LuAzspAQUqqAZDICVn4Jg==": "8f8136213312b6d977a062ecf9bf665a661dfc0030a60911983fdc66ece14d9c",
        "Kn++JQQIT7yrKdidpG9P8g==": "3546fd6f3f9845c810840ac202353a3be5f8a6fcfa3eea55cdbe3fa08f19de07",
    ]

    nonisolated(unsafe) private static let fixtureSecureKeys: [[UInt8]: SecureBytes] = Dictionary(uniqueKeysWithValues:
        fixtureKeys.compactMap { salt, hex in
            guard let salt = Sodium.base64Decode(salt), hex.count == 64 else { return nil }
            return (salt, secure(bytes(hex: hex)))
        })

    /// The key to open `envelope` with: a fixture's, by its salt, else the fixed one.
    static func keyEncryptionKey(for envelope: Envelope) -> SecureBytes {
        fixtureSecureKeys[envelope.salt] ?? keyEncryptionKey
    }

    static func secure(_ bytes: [UInt8]) -> SecureBytes {
        var copy = bytes
        return try! SecureBytes(consuming: &copy)
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
