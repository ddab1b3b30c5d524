import Crypto
import FoundationEssentials
import VaultCore
import _CryptoExtras

/// Private keys in OpenSSL's PEM forms, which `ssh-keygen -m PEM` and `-m PKCS8` write and
/// OpenSSH reads: PKCS#1 (`RSA PRIVATE KEY`), SEC1 (`EC PRIVATE KEY`), PKCS#8 (`PRIVATE KEY`,
/// RSA, ECDSA or Ed25519), the first two optionally encrypted in OpenSSL's older way
/// (`Proc-Type: 4,ENCRYPTED` and `DEK-Info: AES-…-CBC,IV`), and encrypted PKCS#8
/// (`ENCRYPTED PRIVATE KEY`, `PKCS8Decryption`). The keys' DER is read by swift-crypto.
enum PEMKeyFile {
    static func open(_ armor: PEMArmor, passphrase: SecureBytes?) throws -> SSHPrivateKey {
        switch armor.label {
        case "RSA PRIVATE KEY":
            return try decrypted(armor, passphrase: passphrase, read: rsaKey)
        case "EC PRIVATE KEY":
            return try decrypted(armor, passphrase: passphrase, read: ecdsaKey)
        case "PRIVATE KEY":
            return try pkcs8Key(der: armor.body)
        case "ENCRYPTED PRIVATE KEY":
            guard let passphrase, passphrase.count > 0 else { throw SSHKeyFileError.passphraseNeeded }
            let der = try PKCS8Decryption.decrypt(armor.body, passphrase: passphrase)
            return try readingDecrypted { try pkcs8Key(der: der) }
        default:
            throw SSHKeyFileError.notAKey
        }
    }

    /// The key `read` makes of the block's body, decrypted first when its headers say so.
    private static func decrypted(
        _ armor: PEMArmor, passphrase: SecureBytes?, read: (SecureBytes) throws -> SSHPrivateKey
    ) throws -> SSHPrivateKey {
        guard armor.isEncrypted else { return try read(armor.body) }
        let der = try decryptedBody(of: armor, passphrase: passphrase)
        return try readingDecrypted { try read(der) }
    }

    /// Reads a key just decrypted: when it is no key, the passphrase was wrong (one wrong key in
    /// 256 leaves CBC's padding looking right).
    private static func readingDecrypted(_ read: () throws -> SSHPrivateKey) throws -> SSHPrivateKey {
        do {
            return try read()
        } catch SSHKeyFileError.rsaKeyTooShort(let bits) {
            throw SSHKeyFileError.rsaKeyTooShort(bits: bits)
        } catch {
            throw SSHKeyFileError.wrongPassphrase
        }
    }

    /// A PKCS#8 key: RSA, ECDSA or Ed25519.
    private static func pkcs8Key(der: SecureBytes) throws -> SSHPrivateKey {
        if let key = try? der.withUnsafeBytes({ try _RSA.Signing.PrivateKey(unsafeDERRepresentation: $0) }) {
            return try checkedRSA(key)
        }
        if let key = try? ecdsaKey(der: der) { return key }
        if let key = try ed25519Key(der: der) { return key }
        throw SSHKeyFileError.unsupportedKeyType("of this PKCS#8 key")
    }

    private static func rsaKey(der: SecureBytes) throws -> SSHPrivateKey {
        try checkedRSA(try der.withUnsafeBytes { try _RSA.Signing.PrivateKey(unsafeDERRepresentation: $0) })
    }

    private static func checkedRSA(_ key: _RSA.Signing.PrivateKey) throws -> SSHPrivateKey {
        guard key.keySizeInBits >= SSHPrivateKey.minimumRSABits else { throw SSHKeyFileError.rsaKeyTooShort(bits: key.keySizeInBits) }
        return .rsa(key)
    }

    /// An ECDSA key on whichever of the three curves the DER names.
    private static func ecdsaKey(der: SecureBytes) throws -> SSHPrivateKey {
        try der.withUnsafeBytes { der in
            if let key = try? P256.Signing.PrivateKey(derRepresentation: der) { return .ecdsaP256(key) }
            if let key = try? P384.Signing.PrivateKey(derRepresentation: der) { return .ecdsaP384(key) }
            if let key = try? P521.Signing.PrivateKey(derRepresentation: der) { return .ecdsaP521(key) }
            throw SSHKeyFileError.malformed("it is not an ECDSA key on P-256, P-384 or P-521")
        }
    }

    /// The DER prefix of an Ed25519 PKCS#8 key (RFC 8410, section 10.3), before its 32-byte seed.
    private static let ed25519Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]

    private static func ed25519Key(der: SecureBytes) throws -> SSHPrivateKey? {
        try der.withUnsafeBytes { der in
            guard der.count == ed25519Prefix.count + 32, der.starts(with: ed25519Prefix) else { return nil }
            return .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: UnsafeRawBufferPointer(rebasing: der[ed25519Prefix.count...])))
        }
    }

    /// The body of an encrypted PKCS#1 or SEC1 block, decrypted: OpenSSL's EVP_BytesToKey with
    /// MD5 and one round over the passphrase and the IV's first eight bytes, then AES-CBC with
    /// PKCS#7 padding.
    private static func decryptedBody(of armor: PEMArmor, passphrase: SecureBytes?) throws -> SecureBytes {
        guard let info = armor.header("DEK-Info"), let comma = info.firstIndex(of: ",") else {
            throw SSHKeyFileError.malformed("it is encrypted but names no cipher")
        }
        let cipherName = String(info[..<comma])
        let keyLength: Int
        switch cipherName {
        case "AES-128-CBC": keyLength = 16
        case "AES-192-CBC": keyLength = 24
        case "AES-256-CBC": keyLength = 32
        default: throw SSHKeyFileError.unsupportedCipher(cipherName)
        }
        guard let iv = hexBytes(info[info.index(after: comma)...]), iv.count == 16 else {
            throw SSHKeyFileError.malformed("its IV is not 16 hexadecimal bytes")
        }
        guard let passphrase, passphrase.count > 0 else { throw SSHKeyFileError.passphraseNeeded }
        let key = try SecureBytes(count: keyLength)
        passphrase.withUnsafeBytes { password in
            key.withUnsafeMutableBytes { output in
                var previous = Data()
                var filled = 0
                while filled < keyLength {
                    var md5 = Insecure.MD5()
                    md5.update(data: previous)
                    md5.update(bufferPointer: password)
                    md5.update(data: iv.prefix(8))
                    previous = Data(md5.finalize())
                    let count = min(previous.count, keyLength - filled)
                    UnsafeMutableRawBufferPointer(rebasing: output[filled..<filled + count]).copyBytes(from: previous.prefix(count))
                    filled += count
                }
                previous.resetBytes(in: 0..<previous.count)
            }
        }
        var decrypted: Data
        do {
            decrypted = try armor.body.withUnsafeBytes { ciphertext in
                try key.withUnsafeBytes { key in
                    try AES._CBC.decrypt(ciphertext, using: SymmetricKey(data: key), iv: try AES._CBC.IV(ivBytes: iv))
                }
            }
        } catch {
            // A wrong key almost always leaves the padding wrong.
            throw SSHKeyFileError.wrongPassphrase
        }
        return try SecureBytes(takingOver: &decrypted)
    }

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = HexDigit.value(of: digits[index]), let low = HexDigit.value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
