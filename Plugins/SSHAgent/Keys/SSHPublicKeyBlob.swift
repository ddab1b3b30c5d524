import Crypto
import FoundationEssentials
import VaultCore

/// An SSH public key in the wire encoding (its "blob"): what the agent lists, what a client names
/// the key to sign with, and the middle word of a public key line.
public struct SSHPublicKeyBlob: Sendable, Equatable {
    public let kind: SSHKeyKind
    public let bytes: [UInt8]

    init(kind: SSHKeyKind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }

    /// The blob `bytes`, which must be a well-formed public key of a kind vault serves.
    init(reading bytes: UnsafeRawBufferPointer) throws {
        var reader = SSHWireReader(bytes)
        let name = try reader.string()
        guard let kind = SSHKeyKind(name: name) else {
            throw SSHKeyFileError.unsupportedKeyType(String(decoding: name, as: UTF8.self))
        }
        switch kind {
        case .ed25519:
            guard try reader.string().count == 32 else { throw SSHWireError.unexpectedValue }
        case .ecdsaP256, .ecdsaP384, .ecdsaP521:
            try reader.expectText(kind.curve!)
            let point = try reader.string()
            guard point.count == 1 + 2 * kind.fieldLength!, point.first == 4 else { throw SSHWireError.unexpectedValue }
        case .rsa:
            _ = try reader.positiveMPInt()
            _ = try reader.positiveMPInt()
        }
        try reader.expectEnd()
        self.init(kind: kind, bytes: Array(bytes))
    }

    /// The key of a public key line (`TYPE BASE64 [COMMENT]`, as a `.pub` file holds it); nil
    /// when the line is not one of a key vault serves, or its type word is not its blob's.
    init?(line: String) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, let blob = Sodium.base64Decode(String(words[1])),
              let key = try? blob.withUnsafeBytes({ try SSHPublicKeyBlob(reading: $0) }),
              key.kind.name == words[0] else { return nil }
        self = key
    }

    /// The blob of an Ed25519 key.
    init(ed25519 publicKey: some Collection<UInt8>) {
        var writer = SSHWireWriter()
        writer.text(SSHKeyKind.ed25519.name)
        writer.string(publicKey)
        self.init(kind: .ed25519, bytes: writer.bytes)
    }

    /// The blob of an ECDSA key of `kind`, from its uncompressed point (`04 || X || Y`).
    init(ecdsa kind: SSHKeyKind, point: some Collection<UInt8>) {
        var writer = SSHWireWriter()
        writer.text(kind.name)
        writer.text(kind.curve ?? "")
        writer.string(point)
        self.init(kind: kind, bytes: writer.bytes)
    }

    /// The blob of an RSA key, from its public exponent and modulus (big-endian magnitudes).
    init(rsaExponent exponent: some Collection<UInt8>, modulus: some Collection<UInt8>) {
        var writer = SSHWireWriter()
        writer.text(SSHKeyKind.rsa.name)
        writer.positiveMPInt(exponent)
        writer.positiveMPInt(modulus)
        self.init(kind: .rsa, bytes: writer.bytes)
    }

    /// The OpenSSH public key line: `TYPE BASE64` and, when there is one, ` COMMENT`.
    public func line(comment: String = "") -> String {
        let key = kind.name + " " + Data(bytes).base64EncodedString()
        return comment.isEmpty ? key : key + " " + comment
    }

    /// The fingerprint `ssh-keygen -l` and `ssh-add -l` print: `SHA256:` and the unpadded Base64
    /// of the SHA-256 of the blob.
    public var fingerprint: String { Self.fingerprint(of: bytes) }

    /// The fingerprint of any key's blob (a server's host key may be of a kind vault does not
    /// serve).
    static func fingerprint(of blob: [UInt8]) -> String {
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.prefix { $0 != "=" }
    }
}
