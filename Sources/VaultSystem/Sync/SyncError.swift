import VaultCore
/// Why `vault sync` could not set up, clone or sync a vault's repository. Git's own reason is
/// given in one line; nothing here holds a secret (a remote's URL is never quoted, as it may
/// carry a password).
public enum SyncError: VaultFailure, Equatable {
    case gitMissing
    case gitFailed(command: String, reason: String)
    case notARepository(folder: String)
    case notSetUp(path: String)
    case unsupportedName(String)
    case ignoreFileDiffers(path: String, lines: [String])
    case otherRemote(name: String)
    case noRemote
    case detachedHead
    case operationInProgress(folder: String, operation: String)
    case vaultExists(path: String)
    case alreadyRepository(folder: String)
    case remoteEmpty
    case remoteHasOtherName(found: String, folder: String)
    case remoteHasNoVault(name: String)
    case notAVault(path: String, why: String)
    case vaultGoneUpstream(name: String)
    case pushKeptFailing
    /// A commit from the remote changes something vault never takes (`IncomingCommits`).
    case refusedCommit(commit: String, path: String, why: String)
    /// The remote's copy of the vault is older than one this machine has seen (`IncomingVault`).
    case olderVault(why: String)
    /// The remote's copy lacks entries its ancestor has, without their tombstones.
    case entriesDropped(names: [String])
    /// The remote's copy holds parts of entries older than its ancestor's.
    case changesUndone(names: [String])
    /// Our copy is under the master password from before a `passwd` elsewhere, which is not at
    /// hand, so the remote's copy cannot be compared with it.
    case oldPasswordNeeded
    /// The remote's copy would lower the cost of deriving the key.
    case weakerKeyDerivation(theirs: KDFParameters, ours: KDFParameters)
    /// The record of the newest copy seen (`NewestSeen`) cannot be read.
    case damagedRecord(path: String)
    /// Two members of a team vault were removed on copies that had not met; `folder` is the
    /// repository, `pin` this machine's record of the team's members.
    case removedOnBothSides(String, String, folder: String, pin: String)

    public var message: String {
        switch self {
        case .gitMissing:
            return "git is not installed (or not on PATH); vault sync runs it"
        case .gitFailed(let command, let reason):
            return "\(command) failed: \(reason)"
        case .notARepository(let folder):
            return "\(folder) is not in a git repository; run vault sync init first"
        case .notSetUp(let path):
            return "git does not merge \(path) with vault (no merge=vault in .gitattributes); run vault sync init first"
        case .unsupportedName(let name):
            return "vault sync needs a vault file name made of letters, digits, '.', '_', '-', '+' and '@', not '\(name)'; give the vault another name"
        case .ignoreFileDiffers(let path, let lines):
            return "\(path) exists and does not keep everything but the vault out of git; add these lines to it: \(lines.joined(separator: " "))"
        case .otherRemote(let name):
            return "the repository already has a remote called \(name) with another address; change it with git remote set-url \(name) …"
        case .noRemote:
            return "the repository has no remote to sync with; add one with vault sync init REMOTE (or git remote add origin REMOTE)"
        case .detachedHead:
            return "the repository is not on a branch (detached HEAD); check out a branch first"
        case .operationInProgress(let folder, let operation):
            return "a git \(operation) is under way in \(folder); finish it or abort it (git \(operation) --abort), then run vault sync"
        case .vaultExists(let path):
            return "a vault already exists at \(path); to sync it, run vault sync init there (or clone to another --vault)"
        case .alreadyRepository(let folder):
            return "\(folder) is already in a git repository; clone the vault to a folder of its own"
        case .remoteEmpty:
            return "the remote has no branch yet; run vault sync init REMOTE and vault sync on the machine that has the vault"
        case .remoteHasOtherName(let found, let folder):
            return "the remote keeps its vault as \(found); clone it with --vault \(folder)/\(found)"
        case .remoteHasNoVault(let name):
            return "the remote holds no vault file called \(name) (and no .gitattributes naming one)"
        case .notAVault(let path, let why):
            return "\(path) from the remote is not a vault file: \(why)"
        case .vaultGoneUpstream(let name):
            return "the remote's branch no longer has \(name); nothing was merged"
        case .pushKeptFailing:
            return "the remote kept moving while vault sync merged and pushed; run vault sync again"
        case .refusedCommit(let commit, let path, let why):
            return "the remote's commit \(commit.prefix(12)) changes \(path) (\(why)); vault sync takes nothing but vault files "
                + "from a remote, so nothing was merged or checked out"
        case .olderVault(let why):
            return "the remote offers an older vault: \(why); nothing was merged or pushed"
        case .entriesDropped(let names):
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            return "the remote's vault lacks \(names.count) entr\(names.count == 1 ? "y" : "ies") (\(shown)) with no record of "
                + "\(names.count == 1 ? "its" : "their") removal; nothing was merged or pushed"
        case .changesUndone(let names):
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            return "the remote offers an older vault: \(names.count) entr\(names.count == 1 ? "y" : "ies") (\(shown)) "
                + "older than this machine's copy, which would undo changes made since; nothing was merged or pushed"
        case .oldPasswordNeeded:
            return "this machine's copy is under the master password used before it was changed on another machine, and that "
                + "password is needed to check what the remote sends: run vault sync at a terminal (it asks for both), or "
                + "vault unlock with the old password first; nothing was merged or pushed"
        case .weakerKeyDerivation(let theirs, let ours):
            return "the remote's vault derives its key with less work (\(Self.describe(theirs))) than this one "
                + "(\(Self.describe(ours))); nothing was merged or pushed. If it was lowered on purpose with "
                + "vault passwd or vault rekey, run vault sync --accept-weaker-kdf"
        case .removedOnBothSides(let one, let other, let folder, let pin):
            return "'\(one)' and '\(other)' were removed on two copies that had not met, each giving the team vault a new key, and cannot be merged; "
                + "to keep the remote's copy (this machine's changes since its last sync are dropped): git -C \(ShellQuoting.posix(folder)) reset --hard @{upstream}, "
                + "delete \(ShellQuoting.posix(pin)) (this machine's record of the members, which holds the removal made here; the next use warns as a first use), "
                + "then remove that member again; nothing was merged"
        case .damagedRecord(let path):
            return "\(path) does not hold vault's record of the newest copy synced; remove it, and the next "
                + "vault sync takes what the remote offers then as the newest"
        }
    }

    private static func describe(_ kdf: KDFParameters) -> String {
        let memory = kdf.memoryKiB % 1024 == 0 ? "\(kdf.memoryKiB / 1024) MiB" : "\(kdf.memoryKiB) KiB"
        return "\(memory), \(kdf.iterations) pass\(kdf.iterations == 1 ? "" : "es")"
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .vaultExists: return .alreadyExists
        case .oldPasswordNeeded: return .authenticationFailed
        default: return .failure
        }
    }
}
