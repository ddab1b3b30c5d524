import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault destroy`: deletes everything vault keeps for the vault on this machine (the file and
/// what lies beside it, the sync repository vault made, the cached keys, a password left in
/// the clipboard, the config and state folders) and, with `--remote`, the remote's branch,
/// once the master password is proven and the person has typed `destroy`.
struct DestroyCommand: VaultSubcommand {
    /// Whoever sits at an unlocked session must not be able to wipe the vault.
    static let keyAccess = KeyAccess.passwordAgain(action: "destroying the vault")

    static let configuration = CommandConfiguration(
        commandName: "destroy",
        abstract: "Delete the vault and everything vault keeps for it on this machine.",
        discussion: """
            Deletes the vault file, its lock, leftover temporary files, its attachments and \
            security log folders, the git repository vault sync made in its folder (never one \
            that holds anything else), the key cached in the kernel keyring and the Secret \
            Service, the clipboard if it still holds a value of the vault's, the names kept \
            for completion, and vault's config and state folders (the device id and the sync \
            records among them). Always asks for the master password (from the terminal, \
            --password-file or VAULT_PASSWORD_FILE), even when the key is cached; then lists \
            what it deletes and asks to type destroy, unless --yes. With --remote it also \
            deletes the vault's branch on the git remote; a host that refuses (a protected or \
            default branch) is reported, the rest is deleted, and the exit status is 1. Other \
            machines' clones, the remote (without --remote, and its forks and clones even \
            with it), backups and exports stay readable with the master password.
            """)

    @OptionGroup var vault: VaultOptions

    @Flag(help: "Also delete the vault's branch on its git remote.")
    var remote = false

    @Flag(name: .shortAndLong, help: "Do not ask to type destroy (the master password is still asked for).")
    var yes = false

    /// What the person types to confirm.
    static let confirmationWord = "destroy"

    func run(in session: VaultSession) async throws {
        let context = session.context
        let store = session.store
        if !yes {
            guard context.streams.inputIsTerminal, (try? context.terminal.open()) != nil else {
                throw TerminalError.confirmationNeeded("destroying the vault")
            }
        }
        _ = try store.header()
        let repository = try repositoryFinding(session)
        let sync: SyncFootprint?
        if case .own(let own) = repository { sync = own } else { sync = nil }
        if remote {
            if case .foreign(let top, let why) = repository {
                throw DestroyError.noRepositoryOfItsOwn(why: "the vault is in the repository \(top), which is not vault's alone: \(why)")
            }
            guard let sync else { throw DestroyError.noRepositoryOfItsOwn(why: "the vault is in no git repository") }
            guard sync.remoteBranch != nil else { throw SyncError.noRemote }
        }

        let opened = try session.open()
        let vaultID = opened.envelope.id
        let values = try opened.entries.allEntries().flatMap(\.copyableValues)
        let footprint = VaultFootprint(vaultPath: store.path, vaultID: vaultID, environment: context.environment)
        let files = footprint.items() + (sync?.items ?? [])
        // Whatever the config says now: a key cached before it said so opens every copy.
        let keyrings = context.keyrings.keyrings()
        let cachedIn = keyrings.backends.filter { backend in
            guard case .available = backend.availability else { return false }
            return backend.cachedItem(vaultID: vaultID) != nil
        }
        let deletedBranch = remote ? sync?.remoteBranch : nil

        var listed = files.map { "  \($0.path)  (\($0.what))" }
        listed += cachedIn.map { "  the vault's key cached in the \($0.name)" }
        listed.append("  the clipboard, if it still holds a value of the vault's")
        if !opened.entries.state.identities.isEmpty {
            listed.append("  your identity for team vaults, kept in the vault: the team vaults sealed to it open no more for you (but from other copies of this vault)")
        }
        if let branch = deletedBranch { listed.append("  the branch \(branch.branch) of the remote \(branch.remote), \(branch.url)") }
        context.diagnostics.note("This deletes, for good:\n" + listed.joined(separator: "\n"))
        if case .foreign(let top, let why) = repository {
            context.diagnostics.note("It leaves the git repository \(top) as it is, and the vault's copies in its history: it is not vault's alone (\(why)).")
        }
        context.diagnostics.note(Self.whatStays(remote: sync?.remoteBranch, deleted: deletedBranch != nil))
        if !yes { try requireTypedConfirmation(in: context) }
        // Recorded though the log goes too: it stays where the log's folder cannot be deleted.
        session.record(.destroy, detail: remote ? "with the remote's branch" : nil, header: opened.envelope)

        var failures = 0
        var branchDeleted = false
        try store.whileLocked {
            if let branch = deletedBranch, let sync {
                branchDeleted = deleteRemoteBranch(branch, of: sync, in: context)
                if !branchDeleted { failures += 1 }
            }
            failures += removeKey(vaultID: vaultID, from: keyrings, in: context)
            failures += clearClipboards(holdingAnyOf: values, in: context)
            for item in files {
                do throws(StoreError) {
                    try item.remove()
                } catch {
                    context.diagnostics.warning("could not delete \(item.path): \(error.message)")
                    failures += 1
                }
            }
        }
        footprint.removeEmptyFolders()
        if failures == 0 { context.diagnostics.note("Deleted the vault \(store.path) and what vault kept for it on this machine.") }
        if deletedBranch != nil && !branchDeleted { context.diagnostics.note(Self.whatStays(remote: sync?.remoteBranch, deleted: false)) }
        if failures > 0 { throw DestroyError.incomplete(failures: failures) }
    }

    /// What the vault's folder is in; no repository when git is missing and no folder above
    /// the vault's holds a `.git` (with one there, vault cannot tell whose it is, and stops).
    private func repositoryFinding(_ session: VaultSession) throws -> SyncFootprint.Finding {
        do {
            return try SyncFootprint.find(try session.repository())
        } catch SyncError.gitMissing where !Paths.isInGitWorkTree(Paths.folder(of: session.store.path)) {
            return .none
        }
    }

    /// Asks the person to type the confirmation word; anything else deletes nothing.
    private func requireTypedConfirmation(in context: CommandContext) throws {
        let terminal = try context.terminal.open()
        let typed = try terminal.readLine(prompt: "Type \(Self.confirmationWord) to delete all of this: ", echo: true)
        let word = typed?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.trimmingCharacters(while: \.isWhitespace)
        guard word == Self.confirmationWord else {
            context.diagnostics.note("Nothing was deleted.")
            throw TerminalError.cancelled
        }
    }

    /// Deletes the remote's branch; a refusal is said with what to do on the host. Returns
    /// whether the branch was deleted.
    private func deleteRemoteBranch(_ branch: SyncFootprint.RemoteBranch, of sync: SyncFootprint, in context: CommandContext) -> Bool {
        do {
            try sync.deleteRemoteBranch()
            context.diagnostics.note("Deleted the branch \(branch.branch) of \(branch.remote) (\(branch.url)).")
            return true
        } catch {
            context.diagnostics.warning("""
                the remote \(branch.remote) (\(branch.url)) did not delete its branch \(branch.branch): \(error.message). \
                A host refuses to delete a protected branch or its default branch: there, make another branch the default \
                or lift the protection, then delete \(branch.branch) (or the whole repository) on the host itself; \
                the rest is deleted here all the same
                """)
            return false
        }
    }

    /// Removes the vault's key from both keyrings (and the kernel keyrings of this user's
    /// other sessions); none reachable is nothing to remove. Returns the number of failures.
    private func removeKey(vaultID: String, from keyrings: Keyrings, in context: CommandContext) -> Int {
        guard case .failed(let reason) = keyrings.removeItem(vaultID: vaultID),
              case .available = keyrings.availability
        else { return 0 }
        context.diagnostics.warning("could not remove the vault's key from the keyring: \(reason)")
        return 1
    }

    /// Empties the clipboards that still hold one of `values`. Returns the number of failures.
    private func clearClipboards(holdingAnyOf values: [String], in context: CommandContext) -> Int {
        var failures = 0
        for outcome in ClipboardSweep.clear(holdingAnyOf: values, in: context.clipboards) {
            switch outcome {
            case .cleared(let name):
                context.diagnostics.note("Cleared the clipboard (\(name)), which held a value of the vault's.")
            case .failed(let name, let why):
                context.diagnostics.warning("could not clear the clipboard (\(name)), which holds a value of the vault's: \(why)")
                failures += 1
            }
        }
        return failures
    }

    /// What deleting here cannot reach, said once it is done.
    static func whatStays(remote: SyncFootprint.RemoteBranch?, deleted: Bool) -> String {
        var places = ["the vault's clones on other machines"]
        if let remote, !deleted { places.append("the branch \(remote.branch) of the remote \(remote.remote) (\(remote.url))") }
        places.append("any backup or export of it")
        let forks = remote != nil && deleted ? " A deleted branch also lives on in the remote's forks and in every clone made of it." : ""
        return "These stay, and open with the same master password: \(places.joined(separator: ", ")).\(forks)"
    }
}

extension Entry {
    /// The values `vault get --field … --clip` and `vault pick` may have copied: its password
    /// and the passwords it had before, and the value of every field.
    fileprivate var copyableValues: [String] {
        [password, username, notes, otp, name].compactMap { $0 } + [urls.joined(separator: "\n"), tags.joined(separator: "\n")]
            + fields.map(\.value) + history.map(\.password)
    }
}
