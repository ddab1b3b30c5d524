import CSodium

/// An X25519 key pair that libsodium sealed boxes (`crypto_box_seal`: an ephemeral X25519 key,
/// XSalsa20-Poly1305) are made for: anyone holding the public key can seal, only the secret key
/// opens. Two things use it. The security event log (format version 7) is sealed to the pair
/// of the vault's data key (its seed is BLAKE2b-256 keyed with the data key over
/// `vault v7 event log`), so that a command that could not open the vault records the failure
/// too, and only the holder of the data key (or of a retired secret key kept in the vault,
/// `EventLogState`) reads it. A team member's identity (`MemberIdentity`) is such a pair, which
/// a team vault's data key is sealed to.
public struct SealedBoxKeyPair {
    /// The length of a public or secret key: 32 bytes.
    public static let publicKeyLength = Int(crypto_box_PUBLICKEYBYTES)
    /// What sealing adds to an event: the ephemeral public key and the tag.
    public static let sealOverhead = crypto_box_sealbytes()

    public let publicKey: [UInt8]
    public let secretKey: SecureBytes

    /// The event log's pair of the data key `dataKey`.
    public init(dataKey: SecureBytes) throws(CryptoError) {
        try self.init(seed: try SubkeyDerivation.keys(from: dataKey, labels: ["vault v7 event log"])[0])
    }

    /// The pair libsodium's `crypto_box_seed_keypair` makes from the 32 bytes `seed`.
    public init(seed: SecureBytes) throws(CryptoError) {
        guard seed.count == Int(crypto_box_SEEDBYTES) else { throw .authenticationFailed }
        let secret = try SecureBytes(count: Int(crypto_box_SECRETKEYBYTES))
        var pair = [UInt8](repeating: 0, count: Self.publicKeyLength)
        let status = pair.withUnsafeMutableBytes { publicBytes in
            secret.withUnsafeMutableBytes { secretBytes in
                seed.withUnsafeBytes { seedBytes in
                    crypto_box_seed_keypair(publicBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            secretBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            seedBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        guard status == 0 else { throw .libraryUnavailable }
        publicKey = pair
        secretKey = secret
    }

    /// The pair of a secret key kept from an earlier data key.
    public init(secretKey: SecureBytes) throws(CryptoError) {
        guard secretKey.count == Int(crypto_box_SECRETKEYBYTES) else { throw .authenticationFailed }
        var pair = [UInt8](repeating: 0, count: Self.publicKeyLength)
        let status = pair.withUnsafeMutableBytes { publicBytes in
            secretKey.withUnsafeBytes {
                crypto_scalarmult_base(publicBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard status == 0 else { throw .authenticationFailed }
        publicKey = pair
        self.secretKey = secretKey
    }

    /// `plaintext` sealed to `publicKey`.
    public static func seal(_ plaintext: UnsafeRawBufferPointer, to publicKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        try Sodium.ensureInitialised()
        guard publicKey.count == publicKeyLength else { throw .authenticationFailed }
        var sealed = [UInt8](repeating: 0, count: plaintext.count + sealOverhead)
        let status = sealed.withUnsafeMutableBytes { output in
            publicKey.withUnsafeBytes { key in
                crypto_box_seal(output.baseAddress!.assumingMemoryBound(to: UInt8.self), plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                UInt64(plaintext.count), key.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard status == 0 else { throw .libraryUnavailable }
        return sealed
    }

    /// The plaintext of `sealed`, if it was sealed to this pair's public key and is intact.
    public func open(_ sealed: [UInt8]) throws(CryptoError) -> SecureBytes {
        guard sealed.count >= Self.sealOverhead else { throw .authenticationFailed }
        let plaintext = try SecureBytes(count: sealed.count - Self.sealOverhead)
        let status = plaintext.withUnsafeMutableBytes { output in
            sealed.withUnsafeBytes { input in
                publicKey.withUnsafeBytes { publicBytes in
                    secretKey.withUnsafeBytes { secretBytes in
                        crypto_box_seal_open(output.baseAddress?.assumingMemoryBound(to: UInt8.self), input.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                             UInt64(sealed.count), publicBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                             secretBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    }
                }
            }
        }
        guard status == 0 else { throw .authenticationFailed }
        return plaintext
    }
}
