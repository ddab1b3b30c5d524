/// How a command's session gets the vault's key: what the command declares, so that the
/// session chooses its unlocker once.
public enum KeyAccess: Sendable, Equatable {
    /// From a keyring when it holds the key, else from the master password (asked at the
    /// terminal or read from the password file), and the derived key is cached.
    case cachedOrPassword
    /// From a keyring alone: nothing is asked and no password file read, and a vault whose key
    /// is not cached fails as locked. For shell completion, which runs at each Tab.
    case cachedOnly
    /// From the master password, proven again for `action` ("changing the master password"):
    /// a cached key is not enough, since whoever sits at an unlocked session has it.
    case passwordAgain(action: String)
}
