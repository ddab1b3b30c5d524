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
                  let text = entry.field(named: Self.privateKeyField)?.value else { continue }
            let passphrase = entry.password
            return AgentKey(identity: AgentIdentity(publicKey: publicKey, entryName: entry.name)) {
                try SSHKeyFile.open(text, passphrase: passphrase).key
            }
        }
        return nil
    }

    /// The field of an SSH key entry that holds its private key file.
    static let privateKeyField = "private key"

    /// The SSH key entries served, read from the vault now.
    private func servedEntries() throws -> [Entry] {
        let session = VaultSession(selection: selection, keyAccess: .cachedOnly, context: context)
        return try session.open().entries.allEntries().filter { entry in
            entry.type == .sshKey && (patterns.isEmpty || patterns.contains { EntryNameGlob.matches($0, entry.name) })
        }
    }

    private func publicKey(of entry: Entry) throws -> SSHPublicKeyBlob {
        guard let text = entry.field(named: Self.privateKeyField)?.value else { throw SSHKeyFileError.notAKey }
        return try SSHKeyFile.publicKey(of: text, passphrase: entry.password)
    }
}
