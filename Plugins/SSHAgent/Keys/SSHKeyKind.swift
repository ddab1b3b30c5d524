/// The kinds of SSH key vault's agent serves, each with the name its public key carries
/// (RFC 8709 for Ed25519, RFC 5656 for ECDSA, RFC 4253 for RSA).
public enum SSHKeyKind: Sendable, Equatable {
    case ed25519
    case ecdsaP256
    case ecdsaP384
    case ecdsaP521
    case rsa

    /// The key type name (the first word of a public key line).
    public var name: String {
        switch self {
        case .ed25519: "ssh-ed25519"
        case .ecdsaP256: "ecdsa-sha2-nistp256"
        case .ecdsaP384: "ecdsa-sha2-nistp384"
        case .ecdsaP521: "ecdsa-sha2-nistp521"
        case .rsa: "ssh-rsa"
        }
    }

    /// The kind called `name`, nil for any other (a FIDO `sk-` key, DSA, a certificate).
    init?(name: some Collection<UInt8>) {
        guard let kind = Self.all.first(where: { $0.name.utf8.elementsEqual(name) }) else { return nil }
        self = kind
    }

    /// The kind of ECDSA key on the curve called `curve` in SSH (`nistp256`…).
    init?(curve: some Collection<UInt8>) {
        guard let kind = Self.all.first(where: { $0.curve?.utf8.elementsEqual(curve) == true }) else { return nil }
        self = kind
    }

    /// An ECDSA key's curve as SSH names it; nil for the others.
    var curve: String? {
        switch self {
        case .ecdsaP256: "nistp256"
        case .ecdsaP384: "nistp384"
        case .ecdsaP521: "nistp521"
        case .ed25519, .rsa: nil
        }
    }

    /// The length of an ECDSA key's scalar and of each coordinate of its point.
    var fieldLength: Int? {
        switch self {
        case .ecdsaP256: 32
        case .ecdsaP384: 48
        case .ecdsaP521: 66
        case .ed25519, .rsa: nil
        }
    }

    private static let all: [SSHKeyKind] = [.ed25519, .ecdsaP256, .ecdsaP384, .ecdsaP521, .rsa]
}
