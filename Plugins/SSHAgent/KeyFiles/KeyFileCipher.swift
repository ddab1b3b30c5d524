import Crypto
import FoundationEssentials
import VaultCore
import _CryptoExtras

/// The ciphers an OpenSSH private key file may be encrypted with (`ssh-keygen -Z`; `aes256-ctr`
/// by default), each with the key and IV lengths its bcrypt_pbkdf output is cut into, its block
/// size (the encrypted section's length is a multiple of it) and its tag length.
enum KeyFileCipher: Equatable {
    case none
    case aesCTR(keyLength: Int)
    case aesCBC(keyLength: Int)
    case aesGCM(keyLength: Int)
    case chaCha20Poly1305

    init?(name: String) {
        switch name {
        case "none": self = .none
        case "aes128-ctr": self = .aesCTR(keyLength: 16)
        case "aes192-ctr": self = .aesCTR(keyLength: 24)
        case "aes256-ctr": self = .aesCTR(keyLength: 32)
        case "aes128-cbc": self = .aesCBC(keyLength: 16)
        case "aes192-cbc": self = .aesCBC(keyLength: 24)
        case "aes256-cbc": self = .aesCBC(keyLength: 32)
        case "aes128-gcm@openssh.com": self = .aesGCM(keyLength: 16)
        case "aes256-gcm@openssh.com": self = .aesGCM(keyLength: 32)
        case "chacha20-poly1305@openssh.com": self = .chaCha20Poly1305
        default: return nil
        }
    }

    var keyLength: Int {
        switch self {
        case .none: 0
        case .aesCTR(let length), .aesCBC(let length), .aesGCM(let length): length
        case .chaCha20Poly1305: 64
        }
    }

    var ivLength: Int {
        switch self {
        case .none, .chaCha20Poly1305: 0
        case .aesCTR, .aesCBC: 16
        case .aesGCM: 12
        }
    }

    var blockSize: Int {
        switch self {
        case .none, .chaCha20Poly1305: 8
        case .aesCTR, .aesCBC, .aesGCM: 16
        }
    }

    /// The length of the authentication tag that follows the encrypted section.
    var tagLength: Int {
        switch self {
        case .none, .aesCTR, .aesCBC: 0
        case .aesGCM, .chaCha20Poly1305: 16
        }
    }

    /// Decrypts `ciphertext` (followed by `tag`) with `keyAndIV` (the key, then the IV) into new
    /// wiped memory (`none`: copies it). Nil when an authenticated cipher's tag does not match (a
    /// wrong passphrase).
    func decrypt(_ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, keyAndIV: SecureBytes) throws -> SecureBytes? {
        let key = keyAndIV.withUnsafeBytes { SymmetricKey(data: UnsafeRawBufferPointer(rebasing: $0[..<keyLength])) }
        let iv = keyAndIV.withUnsafeBytes { Array($0[keyLength..<keyLength + ivLength]) }
        var decrypted: Data
        switch self {
        case .none:
            return try SecureBytes(copying: ciphertext)
        case .aesCTR:
            decrypted = try AES._CTR.decrypt(ciphertext, using: key, nonce: try AES._CTR.Nonce(nonceBytes: iv))
        case .aesCBC:
            decrypted = try AES._CBC.decrypt(ciphertext, using: key, iv: try AES._CBC.IV(ivBytes: iv), noPadding: true)
        case .aesGCM:
            let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
            guard let opened = try? AES.GCM.open(box, using: key) else { return nil }
            decrypted = opened
        case .chaCha20Poly1305:
            let plaintext = try SecureBytes(count: ciphertext.count, protection: .wipedOnRelease)
            return try Self.openChaCha20Poly1305(ciphertext, tag: tag, key: keyAndIV, into: plaintext) ? plaintext : nil
        }
        return try SecureBytes(takingOver: &decrypted)
    }

    /// OpenSSH's chacha20-poly1305 (PROTOCOL.chacha20poly1305) as a key file uses it: sequence
    /// number 0 and no length header, so only the 32-byte main key (the first half of the 64)
    /// is used; the Poly1305 key is the ChaCha20 block 0, the text is encrypted from block 1.
    private static func openChaCha20Poly1305(
        _ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, key: SecureBytes, into plaintext: SecureBytes
    ) throws -> Bool {
        let nonce = [UInt8](repeating: 0, count: 8)
        let polyKey = try SecureBytes(count: 32)
        return key.withUnsafeBytes { key in
            let mainKey = UnsafeRawBufferPointer(rebasing: key[..<32])
            return polyKey.withUnsafeMutableBytes { polyKey in
                polyKey.initializeMemory(as: UInt8.self, repeating: 0)
                Sodium.chaCha20XOR(UnsafeRawBufferPointer(polyKey), into: polyKey, nonce: nonce, counter: 0, key: mainKey)
                guard Sodium.poly1305Verifies(tag: tag, message: ciphertext, key: UnsafeRawBufferPointer(polyKey)) else { return false }
                plaintext.withUnsafeMutableBytes { output in
                    Sodium.chaCha20XOR(ciphertext, into: output, nonce: nonce, counter: 1, key: mainKey)
                }
                return true
            }
        }
    }
}
