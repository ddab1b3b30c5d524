import Crypto
import FoundationEssentials
import _CryptoExtras

/// Checks an SSH signature (`string` algorithm, `string` signature) by a public key given as its
/// blob: the host key's signature of a session that OpenSSH's client binds the agent to
/// (`session-bind@openssh.com`). Ed25519, ECDSA on the three curves and RSA with SHA-2 (or
/// SHA-1 as `ssh-rsa`, which a host key may still use); any other key or algorithm does not check.
enum SSHSignatureCheck {
    static func verifies(_ signature: [UInt8], of data: [UInt8], by keyBlob: [UInt8]) -> Bool {
        (try? check(signature, of: data, by: keyBlob)) ?? false
    }

    private static func check(_ signature: [UInt8], of data: [UInt8], by keyBlob: [UInt8]) throws -> Bool {
        let key = try keyBlob.withUnsafeBytes { try SSHPublicKeyBlob(reading: $0) }
        return try keyBlob.withUnsafeBytes { keyBytes in
            try signature.withUnsafeBytes { signatureBytes in
                var keyReader = SSHWireReader(keyBytes)
                _ = try keyReader.string()
                var reader = SSHWireReader(signatureBytes)
                let algorithm = try reader.text()
                let value = try reader.string()
                try reader.expectEnd()
                switch key.kind {
                case .ed25519:
                    guard algorithm == key.kind.name else { return false }
                    return try Curve25519.Signing.PublicKey(rawRepresentation: try keyReader.string())
                        .isValidSignature(value, for: data)
                case .ecdsaP256, .ecdsaP384, .ecdsaP521:
                    guard algorithm == key.kind.name else { return false }
                    _ = try keyReader.string()
                    return try ecdsaVerifies(value, of: data, point: try keyReader.string(), kind: key.kind)
                case .rsa:
                    let exponent = try keyReader.positiveMPInt(), modulus = try keyReader.positiveMPInt()
                    let publicKey = try _RSA.Signing.PublicKey(n: modulus, e: exponent)
                    let rsaSignature = _RSA.Signing.RSASignature(rawRepresentation: value)
                    switch algorithm {
                    case "rsa-sha2-256": return publicKey.isValidSignature(rsaSignature, for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5)
                    case "rsa-sha2-512": return publicKey.isValidSignature(rsaSignature, for: SHA512.hash(data: data), padding: .insecurePKCS1v1_5)
                    case "ssh-rsa": return publicKey.isValidSignature(rsaSignature, for: Insecure.SHA1.hash(data: data), padding: .insecurePKCS1v1_5)
                    default: return false
                    }
                }
            }
        }
    }

    /// An ECDSA signature (the mpints r and s) checked by the key at `point` on `kind`'s curve.
    private static func ecdsaVerifies(_ value: UnsafeRawBufferPointer, of data: [UInt8], point: UnsafeRawBufferPointer, kind: SSHKeyKind) throws -> Bool {
        var reader = SSHWireReader(value)
        let r = try reader.positiveMPInt(), s = try reader.positiveMPInt()
        try reader.expectEnd()
        let length = kind.fieldLength!
        guard r.count <= length, s.count <= length else { return false }
        let raw = [UInt8](repeating: 0, count: length - r.count) + r + [UInt8](repeating: 0, count: length - s.count) + s
        switch kind {
        case .ecdsaP256:
            return try P256.Signing.PublicKey(x963Representation: point).isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: raw), for: data)
        case .ecdsaP384:
            return try P384.Signing.PublicKey(x963Representation: point).isValidSignature(try P384.Signing.ECDSASignature(rawRepresentation: raw), for: data)
        default:
            return try P521.Signing.PublicKey(x963Representation: point).isValidSignature(try P521.Signing.ECDSASignature(rawRepresentation: raw), for: data)
        }
    }
}
