import Foundation
@testable import VaultCore
@testable import VaultSystem

/// Writes the target's seeds (`VAULT_FUZZ_MAKE_SEEDS=seeds/vault-file`, run from Fuzz/; see
/// seeds/vault-file/README.md): each vault of Fixtures/, opened with its master password, gives
/// its entries as the content of versions 1 to 4 (`payload-…`) and sealed anew under the fixed key, as the version
/// and cipher it had (`fixed-…`); two made-up vaults add what the fixtures lack. It prints the
/// fixtures' key-encryption keys for `FixedKeys.fixtureKeys`.
enum SeedMaker {
    static let fixtures: [(file: String, password: String)] = [
        ("v1/vault.json", "fixture password v1"), ("v1/vault-aes256gcm.json", "fixture password v1"),
        ("v2/vault.json", "fixture password v2"), ("v2/vault-aes256gcm.json", "fixture password v2"),
        ("v3/vault.json", "fixture password v3"), ("v4/vault.json", "fixture password v4"),
        ("v5/vault.json", "fixture password v5"), ("v5/other-vault.json", "fixture password v5"),
        ("v5/vault-aes256gcm.json", "fixture password v5"),
    ]

    static func run(into folder: String) -> CInt {
        let root = ProcessInfo.processInfo.environment["VAULT_FUZZ_FIXTURES"] ?? "../Fixtures"
        do {
            for (file, password) in fixtures {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
                let envelope = try Envelope.parse(bytes)
                let key = try Argon2id.deriveKey(password: FixedKeys.secure(Array(password.utf8)), salt: envelope.salt, parameters: envelope.kdf)
                print("\"\(Sodium.base64Encode(envelope.salt))\": \"\(key.withUnsafeBytes { FixedKeys.hex(Array($0)) })\",")
                if (try? envelope.unwrapDataKey(with: FixedKeys.keyEncryptionKey(for: envelope))) == nil {
                    print("seed maker: FixedKeys.fixtureKeys lacks the key above, for \(file)")
                }
                let payload = try envelope.openTable(dataKey: try envelope.unwrapDataKey(with: key)).serialized().withUnsafeBytes { Array($0) }
                let name = file.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".json", with: "")
                try write(payload, to: "\(folder)/payload-\(name)")
                try write(sealed(payload, version: envelope.version, cipher: envelope.cipher), to: "\(folder)/fixed-\(name)")
            }
            let made = try madeUpPayload()
            try write(made, to: "\(folder)/payload-made-up")
            try write(sealed(made, version: Envelope.currentVersion, cipher: .xchacha20poly1305), to: "\(folder)/fixed-made-up")
            try write(sealed([], version: Envelope.currentVersion, cipher: .aes256gcm), to: "\(folder)/fixed-empty-aes256gcm")
            return 0
        } catch {
            print("seed maker: \(error)")
            return 1
        }
    }

    /// `payload` (the content of versions 1 to 4) sealed as a vault of `version` and `cipher`
    /// under the fixed keys: as one payload up to version 4, entry by entry in version 5.
    static func sealed(_ payload: [UInt8], version: Int, cipher: Cipher) throws -> [UInt8] {
        var envelope = Envelope(
            version: version, id: FixedKeys.vaultID, cipher: cipher, kdf: KDFParameters(memoryKiB: 65536, iterations: 3, parallelism: 4),
            salt: FixedKeys.salt, dataKey: SealedBox(nonce: [], ciphertext: []), body: .payload(SealedBox(nonce: [], ciphertext: [])))
        try envelope.wrap(dataKey: FixedKeys.dataKey, with: FixedKeys.keyEncryptionKey)
        if version >= 5 {
            var copy = payload
            try envelope.sealEntries(try EntryTable(content: try SecureBytes(consuming: &copy)), dataKey: FixedKeys.dataKey)
        } else {
            try payload.withUnsafeBytes { try envelope.sealPayload($0, dataKey: FixedKeys.dataKey) }
        }
        return envelope.render()
    }

    /// Entries of every type, with history, one-time passwords, tags, escaped names and stamps,
    /// and a state line with a tombstone, made through `EntryTable` as the store makes them.
    static func madeUpPayload() throws -> [UInt8] {
        let table = try EntryTable(content: try SecureBytes(count: 0), length: 0)
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        var made = 0
        let id = { () -> String in made += 1; return "0f0f0f0f-0000-4000-8000-00000000000\(made)" }
        try table.beginChange(origin: ChangeOrigin(device: { "0123456789abcdef" }, now: { Date(timeIntervalSince1970: 1_700_000_100) }))
        var login = Entry(name: "web/\"quoted\" \\ tab\u{2603}", username: "ana", password: "pw-2", urls: ["https://example.com/a?b=c"],
                          notes: "line 1\nline 2", fields: [CustomField(name: "pin", value: "1234", secret: true)], tags: ["work", "2fa"],
                          created: created, history: [PasswordChange(password: "pw-1", replaced: created)],
                          otp: "otpauth://totp/Example:ana?secret=JBSWY3DPEHPK3PXP&issuer=Example&algorithm=SHA256&digits=8&period=60", id: id())
        try table.put(login)
        login.password = "pw-3"
        try table.put(login)
        for type in EntryType.allCases where type != .login {
            try table.put(Entry(name: "types/\(type.rawValue)", type: type, fields: type.fields.map { CustomField(name: $0.name, value: "v", secret: $0.secret) }, created: created, id: id()))
        }
        try table.put(Entry(name: "old/gone", password: "x", created: created, id: id()))
        try table.remove(named: "old/gone")
        try table.put(Entry(name: "hotp", created: created, otp: "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&counter=7", id: id()))
        table.stampKeys()
        return try table.serialized().withUnsafeBytes { Array($0) }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
