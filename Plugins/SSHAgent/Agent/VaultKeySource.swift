import VaultCLI
import VaultCore

/// The agent's keys from the vault: at each request, the vault opened with its cached key
/// alone (nothing is asked, no password file read: a locked vault serves no key), and every
/// SSH key entry the config's `ssh_agent.entries` globs name (all of them without that
/// setting), each listed with its name as the comment. Nothing is kept between requests.
struct VaultKeySource: AgentKeySource {
    let context: CommandContext
    let selection: VaultSelection
    /// Shell globs of the entries served; empty for every SSH key entry.
    let patterns: [String]
    /// Told why an entry's key is left out of a listing.
    let log: (String) -> Void

    func identities() throws -> [AgentIdentity] {
        try servedEntries().compactMap { entry in
            do {
                return AgentIdentity(publicKey: try publicKey(of: entry), entryName: entry.name)
            } catch {
                log("left out \(entry.name): \((error as? any VaultFailure)?.message ?? "\(error)")")
                return nil
            }
        }
    }

    func key(for blob: [UInt8]) throws -> AgentKey? {
        for entry in try servedEntries() {
            guard let publicKey = try? publicKey(of: entry), publicKey.bytes == blob,
                  let text = entry.field(named: EntryType.privateKeyField)?.value else { continue }
            let passphrase = entry.password
            return AgentKey(identity: AgentIdentity(publicKey: publicKey, entryName: entry.name)) {
                // A PEM key was listed by its entry's public key line, which must be its own.
                let key = try SSHKeyFile.open(text, passphrase: passphrase).key
                guard key.publicKey == publicKey else { throw SSHKeyFileError.mismatchedPublicKey }
                return key
            }
        }
        return nil
    }

    /// The SSH key entries served, read from the vault now.
    private func servedEntries() throws -> [Entry] {
        let session = VaultSession(selection: selection, keyAccess: .cachedOnly, context: context)
        return try session.open().entries.entries(ofType: .sshKey).filter { entry in
            patterns.isEmpty || patterns.contains { EntryNameGlob.matches($0, entry.name) }
        }
    }

    /// The key an entry offers, read without its passphrase where that can be done: from an
    /// OpenSSH key file, which keeps it in clear, or a PEM key that is not encrypted; an
    /// encrypted PEM key by the entry's public key line (checked against the private key when it
    /// signs), or opened when the entry has none.
    private func publicKey(of entry: Entry) throws -> SSHPublicKeyBlob {
        guard let text = entry.field(named: EntryType.privateKeyField)?.value else { throw SSHKeyFileError.notAKey }
        if let known = try SSHKeyFile.publicKeyWithoutPassphrase(of: text) { return known }
        if let stored = entry.field(named: EntryType.publicKeyField).flatMap({ SSHPublicKeyBlob(line: $0.value) }) { return stored }
        return try SSHKeyFile.open(text, passphrase: entry.password).key.publicKey
    }
}
