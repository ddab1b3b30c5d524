import Foundation
import VaultCLI
import VaultCore
import VaultSystem

/// Changes a test makes to a vault file with the library's own parts, as another process (or an
/// attacker with write access) would: rotating its keys behind a waiting writer, splicing the
/// header of one version onto the body of another, or planting header values.
package enum VaultSurgery {
    /// The key-encryption key of `envelope` for `password`.
    package static func keyEncryptionKey(_ password: String, for envelope: Envelope) throws -> SecureBytes {
        var bytes = Array(password.utf8)
        let secret = try SecureBytes(consuming: &bytes)
        return try Argon2id.deriveKey(password: secret, salt: envelope.salt, parameters: envelope.kdf)
    }

    /// The data key of the vault file at `path`, unwrapped with `password`.
    package static func dataKey(ofFileAt path: String, password: String) throws -> SecureBytes {
        let envelope = try Envelope.parse(AtomicFile.read(path))
        return try envelope.unwrapDataKey(with: keyEncryptionKey(password, for: envelope))
    }

    /// What `vault passwd` must do, done by hand: every entry sealed again under a fresh data
    /// key, wrapped under `newPassword` with a fresh salt, and the new key put into `cache`.
    /// Returns the new file's bytes.
    @discardableResult
    package static func rotate(fileAt path: String, from oldPassword: String, to newPassword: String, cache: KeyCache? = nil) throws -> Data {
        let old = try Envelope.parse(AtomicFile.read(path))
        let entries = try old.openTable(dataKey: dataKey(ofFileAt: path, password: oldPassword))
        let salt = try Sodium.randomBytes(Argon2id.saltLength)
        var probe = old
        probe.salt = salt
        let newKey = try keyEncryptionKey(newPassword, for: probe)
        var (rotated, newDataKey) = try Envelope.create(id: old.id, cipher: old.cipher, kdf: old.kdf, keyEncryptionKey: newKey, salt: salt)
        try rotated.sealEntries(entries, dataKey: newDataKey)
        let bytes = Data(rotated.render())
        try bytes.withUnsafeBytes { try AtomicFile.write($0, to: path) }
        cache?.store(newKey, vaultID: old.id, label: "vault key for \(path)")
        return bytes
    }

    /// The header (everything before `"seal"`) of one version 5 vault file with the body of another.
    package static func splice(header: Data, body: Data) throws -> Data {
        let marker = Data("  \"seal\": \"".utf8)
        guard let headerEnd = header.range(of: marker)?.lowerBound, let bodyStart = body.range(of: marker)?.lowerBound else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return header[..<headerEnd] + body[bodyStart...]
    }

    /// The file with one header line replaced, keeping the canonical layout (a planted or
    /// tampered header that still parses).
    package static func replacing(_ old: String, with new: String, in file: Data) throws -> Data {
        let text = String(decoding: file, as: UTF8.self)
        guard text.contains(old) else { throw CocoaError(.fileReadCorruptFile) }
        return Data(text.replacingOccurrences(of: old, with: new).utf8)
    }
}
