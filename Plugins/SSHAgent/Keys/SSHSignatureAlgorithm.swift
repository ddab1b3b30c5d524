/// The signature algorithms of SSH keys: one per kind, and three for RSA (RFC 8332).
public enum SSHSignatureAlgorithm: Sendable, Equatable {
    case ed25519
    case ecdsa(SSHKeyKind)
    case rsaSHA256
    case rsaSHA512
    case rsaSHA1

    /// The name the signature carries.
    public var name: String {
        switch self {
        case .ed25519: "ssh-ed25519"
        case .ecdsa(let kind): kind.name
        case .rsaSHA256: "rsa-sha2-256"
        case .rsaSHA512: "rsa-sha2-512"
        case .rsaSHA1: "ssh-rsa"
        }
    }

    /// The algorithm an agent's sign request asks of a key of `kind` with `flags`
    /// (draft-miller-ssh-agent, section 4.5.1: `SSH_AGENT_RSA_SHA2_256` is 2,
    /// `SSH_AGENT_RSA_SHA2_512` is 4, and with both OpenSSH's agent uses SHA-256); an RSA
    /// key without either flag is asked for SHA-1.
    public init(kind: SSHKeyKind, flags: UInt32) {
        switch kind {
        case .ed25519: self = .ed25519
        case .ecdsaP256, .ecdsaP384, .ecdsaP521: self = .ecdsa(kind)
        case .rsa:
            if flags & 2 != 0 {
                self = .rsaSHA256
            } else if flags & 4 != 0 {
                self = .rsaSHA512
            } else {
                self = .rsaSHA1
            }
        }
    }
}
