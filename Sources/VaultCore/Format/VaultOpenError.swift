/// Why a vault whose file parsed could still not be opened.
public enum VaultOpenError: VaultFailure, Equatable {
    /// The key did not unwrap the data key: a wrong password, or a changed header.
    case wrongPassword
    /// The data key was right but the entries (the payload, or in version 5 an entry, the page
    /// digests or the seal) did not authenticate.
    case tampered
    /// The decrypted entries are not a list of entries.
    case malformedPayload(String)
    /// While a writer waited for the lock, the vault got keys it cannot follow without asking
    /// (another process changed the master password), or its header was changed.
    case changedWhileWaiting
    /// A command that must prove the master password (`action`) found no terminal and no
    /// password file; a cached key is not accepted for it.
    case currentPasswordNeeded(action: String)
    /// The header asks for a key derivation past `KDFCost`'s limit and nobody was
    /// there to confirm it; `description` states its cost.
    case costlyKeyDerivation(description: String)
    /// A team vault whose data key was sealed for none of the person's identities.
    case notATeamMember
    /// A team vault whose sealed keys are not exactly its members': a key sealed for someone
    /// the member list does not name, or a member without one.
    case keysNotTheMembers
    /// A team command given a personal vault.
    case notATeamVault
    /// A master password command (`unlock`, `passwd`, `rekey`) given a team vault.
    case teamHasNoPassword
    /// `vault identity` given a team vault, which every member reads.
    case identityNotInATeamVault
    /// The person's own vault (`$VAULT_PATH`, else the default), whose identities open team
    /// vaults, is a team vault itself.
    case ownVaultIsATeamVault(path: String)

    public var message: String {
        switch self {
        case .wrongPassword:
            return "wrong master password (or the vault header was tampered with)"
        case .tampered:
            return "the vault is corrupt or was tampered with (its entries do not authenticate)"
        case .malformedPayload(let what):
            return "the vault is corrupt: \(what)"
        case .changedWhileWaiting:
            return "the master password changed while this command waited for another one (or the vault header was tampered with); nothing was written: run it again"
        case .currentPasswordNeeded(let action):
            return "\(action) needs the current master password (a key cached in the keyring is not enough) and there is no terminal to ask for it: set VAULT_PASSWORD_FILE or pass --password-file"
        case .costlyKeyDerivation(let description):
            return "the vault asks for \(description); refused without a terminal to confirm it (is this file yours?)"
        case .keysNotTheMembers:
            return "the team vault's key is sealed for someone not in its member list, or a member has none: refused (was its header changed?)"
        case .identityNotInATeamVault:
            return "your identity lives in your own vault, not in a team vault, which every member reads: drop --vault (or point it at your own vault)"
        case .teamHasNoPassword:
            return "a team vault has no master password of its own: it opens with your identity, which your own vault keeps (unlock, passwd and rekey work on that)"
        case .notATeamVault:
            return "this is a personal vault, not a team vault (vault team init makes one)"
        case .ownVaultIsATeamVault(let path):
            return "your own vault (\(path), from $VAULT_PATH or the default) is a team vault; point VAULT_PATH at your personal vault, whose identity opens team vaults"
        case .notATeamMember:
            return "this team vault's key is sealed for none of your identities (`vault identity` prints yours): you are not one of its members"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notATeamVault, .teamHasNoPassword, .identityNotInATeamVault, .ownVaultIsATeamVault: .failure
        default: .authenticationFailed
        }
    }
}
