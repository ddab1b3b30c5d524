import CSodium

/// A person's secret identity for team vaults: one random 32-byte seed, kept in their personal
/// vault (`IdentitySecret`), from which both key pairs are made with labels of their own
/// (BLAKE2b-256 keyed with the seed over `vault identity x25519` and `vault identity ed25519`),
/// so that the key a team's data key is sealed to and the key that signs member lists never
/// serve each other's purpose.
public struct MemberIdentity {
    /// The pair a team vault's data key is sealed to for this person.
    let boxPair: SealedBoxKeyPair
    /// The Ed25519 secret key that signs this person's changes to a team's members.
    let signingSecret: SecureBytes
    public let publicIdentity: PublicIdentity

    /// The identity of `seed` (32 bytes).
    public init(seed: SecureBytes) throws(CryptoError) {
        guard seed.count == IdentitySecret.seedLength else { throw .authenticationFailed }
        let seeds = try SubkeyDerivation.keys(from: seed, labels: ["vault identity x25519", "vault identity ed25519"])
        let boxPair = try SealedBoxKeyPair(seed: seeds[0])
        let signingSecret = try SecureBytes(count: Int(crypto_sign_SECRETKEYBYTES))
        var signingPublic = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        let status = signingPublic.withUnsafeMutableBytes { publicBytes in
            signingSecret.withUnsafeMutableBytes { secretBytes in
                seeds[1].withUnsafeBytes {
                    crypto_sign_seed_keypair(publicBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                             secretBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        guard status == 0, let identity = PublicIdentity(boxKey: boxPair.publicKey, signingKey: signingPublic) else {
            throw .libraryUnavailable
        }
        self.boxPair = boxPair
        self.signingSecret = signingSecret
        publicIdentity = identity
    }

    /// The detached Ed25519 signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { sign($0) }
    }

    /// The detached Ed25519 signature of the bytes of `message` (guarded memory, for a message
    /// that holds a secret).
    public func sign(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        _ = signature.withUnsafeMutableBytes { output in
            signingSecret.withUnsafeBytes { key in
                crypto_sign_detached(output.baseAddress!.assumingMemoryBound(to: UInt8.self), nil,
                                     message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count),
                                     key.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return signature
    }

    /// Whether `signature` is `signer`'s over `message`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], by signer: PublicIdentity) -> Bool {
        message.withUnsafeBytes { verify(signature, of: $0, by: signer) }
    }

    /// Whether `signature` is `signer`'s over the bytes of `message`.
    public static func verify(_ signature: [UInt8], of message: UnsafeRawBufferPointer, by signer: PublicIdentity) -> Bool {
        guard signature.count == Int(crypto_sign_BYTES) else { return false }
        return signature.withUnsafeBytes { signatureBytes in
            signer.signingKey.withUnsafeBytes { key in
                crypto_sign_verify_detached(signatureBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count),
                                            key.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
            }
        }
    }

    /// The plaintext of a sealed box made for this identity's X25519 key.
    public func open(_ sealed: [UInt8]) throws(CryptoError) -> SecureBytes {
        try boxPair.open(sealed)
    }
}
