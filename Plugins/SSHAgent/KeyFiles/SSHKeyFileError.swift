import VaultCore

/// Why an SSH key entry's private key cannot be used. Each message says what is wrong without
/// quoting the key.
public enum SSHKeyFileError: VaultFailure, Equatable {
    /// The text holds no private key block vault reads.
    case notAKey
    /// The block is damaged; the reason, in a few words.
    case malformed(String)
    /// The key is of a type vault does not serve (a FIDO `sk-` key, DSA…).
    case unsupportedKeyType(String)
    case unsupportedCipher(String)
    case unsupportedKDF(String)
    /// The key is encrypted and the entry has no passphrase.
    case passphraseNeeded
    case wrongPassphrase
    /// An RSA key shorter than `SSHPrivateKey.minimumRSABits`.
    case rsaKeyTooShort(bits: Int)
    /// The public key stored beside the private one is not its public half.
    case mismatchedPublicKey

    public var message: String {
        switch self {
        case .notAKey: "it holds no private key (an OpenSSH or PEM private key block)"
        case .malformed(let reason): "its private key is damaged: \(reason)"
        case .unsupportedKeyType(let name): "its key type \(name) is not one vault serves (Ed25519, ECDSA and RSA are; FIDO sk- keys stay on their token)"
        case .unsupportedCipher(let name): "its private key is encrypted with \(name), which vault does not read"
        case .unsupportedKDF(let name): "its private key's passphrase is stretched with \(name), which vault does not read"
        case .passphraseNeeded: "its private key is encrypted and the entry has no passphrase (its password)"
        case .wrongPassphrase: "its passphrase (the entry's password) does not open its private key"
        case .rsaKeyTooShort(let bits): "its RSA key has \(bits) bits; vault serves RSA keys of \(SSHPrivateKey.minimumRSABits) bits and more"
        case .mismatchedPublicKey: "its public key (in the key file, or the entry's public key line) is not its private key's"
        }
    }

    public var exitStatus: ExitStatus { self == .wrongPassphrase ? .authenticationFailed : .failure }

    /// Runs `body`, turning what it throws into this error: a wire-format error becomes
    /// `malformed`, and any other error of a library becomes `malformed` too.
    static func mapping<T>(_ body: () throws -> T) throws(SSHKeyFileError) -> T {
        do {
            return try body()
        } catch let error as SSHKeyFileError {
            throw error
        } catch let error as SSHWireError {
            throw .malformed(error == .truncated ? "a length runs past its end" : "a field is malformed")
        } catch is BcryptPBKDF.Error {
            throw .malformed("its bcrypt salt or rounds are out of range")
        } catch {
            throw .malformed("the key's numbers are not a valid key")
        }
    }
}
