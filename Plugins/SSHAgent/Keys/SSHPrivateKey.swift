import Crypto
import _CryptoExtras
import FoundationEssentials

/// A private key opened for signing, held by swift-crypto (whose key memory is wiped when the
/// key is released). The agent opens one for a request and drops it when it has answered.
public enum SSHPrivateKey: Sendable {
    case ed25519(Curve25519.Signing.PrivateKey)
    case ecdsaP256(P256.Signing.PrivateKey)
    case ecdsaP384(P384.Signing.PrivateKey)
    case ecdsaP521(P521.Signing.PrivateKey)
    case rsa(_RSA.Signing.PrivateKey)

    /// The smallest RSA modulus served, in bits (as OpenSSH 9.x, and NIST SP 800-131A, require).
    public static let minimumRSABits = 2048

    /// The key's public half, as a blob.
    public var publicKey: SSHPublicKeyBlob {
        switch self {
        case .ed25519(let key): return SSHPublicKeyBlob(ed25519: key.publicKey.rawRepresentation)
        case .ecdsaP256(let key): return SSHPublicKeyBlob(ecdsa: .ecdsaP256, point: key.publicKey.x963Representation)
        case .ecdsaP384(let key): return SSHPublicKeyBlob(ecdsa: .ecdsaP384, point: key.publicKey.x963Representation)
        case .ecdsaP521(let key): return SSHPublicKeyBlob(ecdsa: .ecdsaP521, point: key.publicKey.x963Representation)
        case .rsa(let key):
            // The primitives of a key that was made from them cannot be missing.
            let primitives = try? key.publicKey.getKeyPrimitives()
            return SSHPublicKeyBlob(rsaExponent: primitives?.publicExponent ?? Data(), modulus: primitives?.modulus ?? Data())
        }
    }

    /// The SSH signature of `data` (`string` algorithm, `string` signature): with the one
    /// algorithm the key's kind has, or for RSA the one `algorithm` names. An RSA key signs with
    /// SHA-1 (`ssh-rsa`) only when asked for exactly that.
    public func signature(of data: some DataProtocol, algorithm: SSHSignatureAlgorithm) throws(SSHSigningError) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.text(algorithm.name)
        do {
            switch (self, algorithm) {
            case (.ed25519(let key), .ed25519):
                writer.string(try key.signature(for: data))
            case (.ecdsaP256(let key), .ecdsa):
                Self.writeECDSA(try key.signature(for: data).rawRepresentation, to: &writer)
            case (.ecdsaP384(let key), .ecdsa):
                Self.writeECDSA(try key.signature(for: data).rawRepresentation, to: &writer)
            case (.ecdsaP521(let key), .ecdsa):
                Self.writeECDSA(try key.signature(for: data).rawRepresentation, to: &writer)
            case (.rsa(let key), .rsaSHA256):
                writer.string(try key.signature(for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation)
            case (.rsa(let key), .rsaSHA512):
                writer.string(try key.signature(for: SHA512.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation)
            case (.rsa(let key), .rsaSHA1):
                writer.string(try key.signature(for: Insecure.SHA1.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation)
            default:
                throw SSHSigningError.algorithmNotForKey
            }
        } catch let error as SSHSigningError {
            throw error
        } catch {
            throw .cryptoFailed
        }
        return writer.bytes
    }

    /// An ECDSA signature's `r || s` (each as long as the curve's field) as SSH writes it: a
    /// string holding the two as mpints (RFC 5656, section 3.1.2).
    private static func writeECDSA(_ raw: Data, to writer: inout SSHWireWriter) {
        let half = raw.count / 2
        var inner = SSHWireWriter()
        inner.positiveMPInt(raw.prefix(half))
        inner.positiveMPInt(raw.suffix(half))
        writer.string(inner.bytes)
    }
}
