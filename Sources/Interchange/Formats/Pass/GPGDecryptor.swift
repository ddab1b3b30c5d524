import VaultCore
import VaultSystem

/// Decrypts one file of a password store. The store importer asks; `GPGDecryptor` answers with
/// the system's gpg, and a test could answer otherwise.
public protocol PassDecryptor {
    /// The plaintext of the file at `path`, in guarded memory.
    func decrypt(_ path: String) throws -> SecureBytes
}

/// Decrypts with `gpg --decrypt` as `pass` does, through gpg-agent, in the environment given
/// (so GNUPGHOME and the agent's socket are the user's). The key must be usable without a
/// prompt vault could answer: unlocked in the agent (a `pass show` first does it), or with a
/// pinentry of its own (a desktop one, or GPG_TTY for the terminal).
public struct GPGDecryptor: PassDecryptor {
    /// The largest plaintext of one entry.
    static let limit = 1 << 20
    private let gpg: String
    private let environment: [String: String]

    public init(environment: [String: String]) throws(InterchangeError) {
        guard let gpg = ExecutableLookup.find("gpg", environment: environment) ?? ExecutableLookup.find("gpg2", environment: environment) else {
            throw .helperFailed("gpg is not installed (the pass format decrypts the store with it)")
        }
        self.gpg = gpg
        self.environment = environment
    }

    public func decrypt(_ path: String) throws -> SecureBytes {
        let result = try HelperProcess.run(gpg, ["--quiet", "--yes", "--batch", "--decrypt", "--", path],
                                           environment: environment, captureOutput: Self.limit, timeout: 120)
        guard result.status == 0, let output = result.output else {
            throw InterchangeError.helperFailed("gpg could not decrypt \(path) (exit status \(result.status)); is its key in gpg-agent?")
        }
        return output
    }
}
