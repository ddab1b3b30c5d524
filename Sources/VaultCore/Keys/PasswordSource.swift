
/// Where the master password comes from: a person at the terminal, or a file for scripts.
public protocol PasswordSource {
    /// Reads the master password; with `confirm`, a person is asked to type it twice.
    func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes
}

/// No master password at all, for commands that must never ask (`status`, shell completion):
/// the vault opens only with a cached key, and is `InputError.locked` otherwise.
public struct NoPasswordSource: PasswordSource {
    public init() {}

    public func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes { throw InputError.locked }
}
