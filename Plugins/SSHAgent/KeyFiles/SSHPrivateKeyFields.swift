import Crypto
import FoundationEssentials
import VaultCore
import _CryptoExtras

/// A private key in the SSH wire encoding, as an OpenSSH key file's private section holds it
/// (and as `ssh-add` sends one, which vault's agent refuses): the type name, then per type
/// (PROTOCOL.key, draft-miller-ssh-agent section 4.2.3) Ed25519's public key and 64-byte
/// private key (seed and public key), ECDSA's curve, point and scalar, RSA's n, e, d, iqmp,
/// p and q.
enum SSHPrivateKeyFields {
    static func read(from reader: inout SSHWireReader) throws -> SSHPrivateKey {
        let typeName = try reader.string()
        guard let kind = SSHKeyKind(name: typeName) else {
            throw SSHKeyFileError.unsupportedKeyType(String(decoding: typeName, as: UTF8.self))
        }
        switch kind {
        case .ed25519:
            let publicKey = try reader.string()
            let privateKey = try reader.string()
            guard publicKey.count == 32, privateKey.count == 64, privateKey[32...].elementsEqual(publicKey) else {
                throw SSHKeyFileError.malformed("its Ed25519 key has the wrong length")
            }
            return .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: UnsafeRawBufferPointer(rebasing: privateKey[..<32])))
        case .ecdsaP256, .ecdsaP384, .ecdsaP521:
            guard try reader.string().elementsEqual(kind.curve!.utf8) else { throw SSHKeyFileError.malformed("its ECDSA curve is not its type's") }
            _ = try reader.string()
            let scalar = try reader.positiveMPInt()
            return try ecdsaKey(kind: kind, scalar: scalar)
        case .rsa:
            let n = try reader.positiveMPInt(), e = try reader.positiveMPInt(), d = try reader.positiveMPInt()
            _ = try reader.positiveMPInt()
            let p = try reader.positiveMPInt(), q = try reader.positiveMPInt()
            let bits = bitLength(of: n)
            guard bits >= SSHPrivateKey.minimumRSABits else { throw SSHKeyFileError.rsaKeyTooShort(bits: bits) }
            return .rsa(try _RSA.Signing.PrivateKey(n: n, e: e, d: d, p: p, q: q))
        }
    }

    /// An ECDSA key of `kind` from its scalar (big-endian, as short as the mpint made it),
    /// padded to the curve's length in wiped memory.
    private static func ecdsaKey(kind: SSHKeyKind, scalar: UnsafeRawBufferPointer) throws -> SSHPrivateKey {
        let length = kind.fieldLength!
        guard scalar.count <= length else { throw SSHKeyFileError.malformed("its ECDSA scalar is too long") }
        let padded = try SecureBytes(count: length, protection: .wipedOnRelease)
        padded.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[(length - scalar.count)...]).copyMemory(from: scalar) }
        return try padded.withUnsafeBytes { raw in
            switch kind {
            case .ecdsaP256: .ecdsaP256(try P256.Signing.PrivateKey(rawRepresentation: raw))
            case .ecdsaP384: .ecdsaP384(try P384.Signing.PrivateKey(rawRepresentation: raw))
            default: .ecdsaP521(try P521.Signing.PrivateKey(rawRepresentation: raw))
            }
        }
    }

    /// The number of bits of a big-endian magnitude without leading zero bytes.
    static func bitLength(of magnitude: some Collection<UInt8>) -> Int {
        guard let first = magnitude.first else { return 0 }
        return (magnitude.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
