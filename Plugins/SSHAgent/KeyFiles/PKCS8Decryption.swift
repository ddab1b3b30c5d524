import Crypto
import FoundationEssentials
import SwiftASN1
import VaultCore
import _CryptoExtras

/// An encrypted PKCS#8 key (`ENCRYPTED PRIVATE KEY`, RFC 5958), as OpenSSL and `ssh-keygen -m
/// PKCS8` write it: PBES2 (RFC 8018) with PBKDF2 over HMAC-SHA-1, -224, -256, -384 or -512 and
/// AES-128, -192 or -256 in CBC mode. Decrypted, it is a plain PKCS#8 key. The structure is read
/// with SwiftASN1; the iteration count is bounded, so that a hostile file cannot keep the agent
/// busy.
enum PKCS8Decryption {
    /// The most PBKDF2 iterations read (OpenSSL writes 2,048; a million take about a second).
    static let maximumIterations = 1_000_000

    private static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 13]
    private static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 12]
    private static let hashes: [ASN1ObjectIdentifier: KDF.Insecure.PBKDF2.HashFunction] = [
        [1, 2, 840, 113549, 2, 7]: .insecureSHA1, [1, 2, 840, 113549, 2, 8]: .insecureSHA224,
        [1, 2, 840, 113549, 2, 9]: .sha256, [1, 2, 840, 113549, 2, 10]: .sha384, [1, 2, 840, 113549, 2, 11]: .sha512,
    ]
    private static let ciphers: [ASN1ObjectIdentifier: Int] = [
        [2, 16, 840, 1, 101, 3, 4, 1, 2]: 16, [2, 16, 840, 1, 101, 3, 4, 1, 22]: 24, [2, 16, 840, 1, 101, 3, 4, 1, 42]: 32,
    ]

    /// What PBES2 says: how to derive the key, and the cipher's key length and IV.
    private struct Scheme {
        var salt: [UInt8] = []
        var iterations = 0
        var hash = KDF.Insecure.PBKDF2.HashFunction.insecureSHA1
        var keyLength = 0
        var iv: [UInt8] = []
        var ciphertext: [UInt8] = []
    }

    /// The plain PKCS#8 key inside `der` (an EncryptedPrivateKeyInfo), decrypted with `passphrase`.
    static func decrypt(_ der: SecureBytes, passphrase: SecureBytes) throws -> SecureBytes {
        let scheme: Scheme
        do {
            scheme = try read(der.withUnsafeBytes { Array($0) })
        } catch let error as SSHKeyFileError {
            throw error
        } catch {
            throw SSHKeyFileError.malformed("its PKCS#8 encryption is not DER that vault reads")
        }
        var decrypted: Data
        do {
            let key = try passphrase.withUnsafeBytes { password in
                try KDF.Insecure.PBKDF2.deriveKey(from: password, salt: scheme.salt, using: scheme.hash,
                                                  outputByteCount: scheme.keyLength, unsafeUncheckedRounds: scheme.iterations)
            }
            decrypted = try AES._CBC.decrypt(scheme.ciphertext, using: key, iv: try AES._CBC.IV(ivBytes: scheme.iv))
        } catch {
            // A wrong key almost always leaves the padding wrong.
            throw SSHKeyFileError.wrongPassphrase
        }
        return try SecureBytes(takingOver: &decrypted)
    }

    /// EncryptedPrivateKeyInfo: the PBES2 algorithm identifier with its parameters, and the
    /// encrypted key.
    private static func read(_ der: [UInt8]) throws -> Scheme {
        var scheme = Scheme()
        try DER.sequence(try DER.parse(der), identifier: .sequence) { nodes in
            try DER.sequence(try next(&nodes), identifier: .sequence) { algorithm in
                guard try ASN1ObjectIdentifier(derEncoded: &algorithm) == pbes2 else {
                    throw SSHKeyFileError.unsupportedCipher("a PKCS#8 encryption other than PBES2")
                }
                try DER.sequence(try next(&algorithm), identifier: .sequence) { parameters in
                    try readKeyDerivation(try next(&parameters), into: &scheme)
                    try readCipher(try next(&parameters), into: &scheme)
                }
            }
            scheme.ciphertext = Array(try ASN1OctetString(derEncoded: &nodes).bytes)
        }
        return scheme
    }

    /// PBKDF2's parameters: the salt, the iteration count, an optional key length, and the
    /// pseudo-random function (HMAC-SHA-1 when it is left out).
    private static func readKeyDerivation(_ node: ASN1Node, into scheme: inout Scheme) throws {
        try DER.sequence(node, identifier: .sequence) { kdf in
            guard try ASN1ObjectIdentifier(derEncoded: &kdf) == pbkdf2 else {
                throw SSHKeyFileError.unsupportedKDF("a PKCS#8 key derivation other than PBKDF2")
            }
            try DER.sequence(try next(&kdf), identifier: .sequence) { parameters in
                scheme.salt = Array(try ASN1OctetString(derEncoded: &parameters).bytes)
                scheme.iterations = try Int(derEncoded: &parameters)
                guard (1...maximumIterations).contains(scheme.iterations) else {
                    throw SSHKeyFileError.malformed("its PBKDF2 iteration count is out of range (1 to \(maximumIterations))")
                }
                while let field = parameters.next() {
                    if field.identifier == .integer { continue }
                    scheme.hash = try DER.sequence(field, identifier: .sequence) { prf in
                        let name = try ASN1ObjectIdentifier(derEncoded: &prf)
                        _ = prf.next()
                        guard let hash = hashes[name] else { throw SSHKeyFileError.unsupportedKDF("PBKDF2 with \(name)") }
                        return hash
                    }
                }
            }
        }
    }

    /// The cipher: AES-CBC of one of three key lengths, with its IV.
    private static func readCipher(_ node: ASN1Node, into scheme: inout Scheme) throws {
        try DER.sequence(node, identifier: .sequence) { cipher in
            let name = try ASN1ObjectIdentifier(derEncoded: &cipher)
            guard let keyLength = ciphers[name] else { throw SSHKeyFileError.unsupportedCipher("PKCS#8 encryption with \(name)") }
            scheme.keyLength = keyLength
            scheme.iv = Array(try ASN1OctetString(derEncoded: &cipher).bytes)
            guard scheme.iv.count == 16 else { throw SSHKeyFileError.malformed("its AES-CBC IV is not 16 bytes") }
        }
    }

    private static func next(_ nodes: inout ASN1NodeCollection.Iterator) throws -> ASN1Node {
        guard let node = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "a field is missing") }
        return node
    }
}
