import VaultCLI
import VaultCore

/// The agent's keys from the vault: at each request, the vault opened with its cached key
/// alone (nothing is asked, no password file read: a locked vault serves no key), and every
/// SSH key entry the config's `ssh_agent.entries` globs name (all of them without that
/// setting), each listed with its name as the comment. An entry's key file and passphrase are
/// read from the vault into memory wiped on release (`EntryTable.secrets(ofType:fields:)`),
/// never into strings; nothing is kept between requests.
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

    /// The key of `blob`; opening it for a signature records the signature in the security log.
    func key(for blob: [UInt8]) throws -> AgentKey? {
        let session = try session()
        for entry in try servedEntries(in: session) {
            guard let publicKey = try? publicKey(of: entry), publicKey.bytes == blob,
                  let text = entry.field(named: EntryType.privateKeyField) else { continue }
            return AgentKey(identity: AgentIdentity(publicKey: publicKey, entryName: entry.name)) {
                // A PEM key may have been listed by its entry's public key line, which must be its own.
                let key = try SSHKeyFile.open(text, passphrase: entry.password).key
                guard key.publicKey == publicKey else { throw SSHKeyFileError.mismatchedPublicKey }
                session.record(.reveal, entry: entry.name, detail: "SSH signature")
                return key
            }
        }
        return nil
    }

    /// A session of the agent's command on the vault, with the cached key alone.
    private func session() throws -> VaultSession {
        try VaultSession(command: SSHAgentCommand.eventName, selection: selection, keyAccess: .cachedOnly, context: context)
    }

    /// The SSH key entries served, read from the vault now.
    private func servedEntries(in session: VaultSession? = nil) throws -> [EntrySecrets] {
        let session = try session ?? self.session()
        let fields: Set = [EntryType.privateKeyField, EntryType.publicKeyField]
        return try session.open().entries.secrets(ofType: .sshKey, fields: fields).filter { entry in
            patterns.isEmpty || patterns.contains { EntryNameGlob.matches($0, entry.name) }
        }
    }

    /// The key an entry offers, told without its passphrase where that can be done: an OpenSSH
    /// key file keeps it in clear, and a PEM key that is not encrypted is opened (and dropped:
    /// a key is opened for a signature only once the request is allowed); an encrypted PEM key
    /// is listed by the entry's public key line (checked against the private key when it
    /// signs), or opened with the entry's passphrase when the entry has none.
    private func publicKey(of entry: EntrySecrets) throws -> SSHPublicKeyBlob {
        guard let text = entry.field(named: EntryType.privateKeyField) else { throw SSHKeyFileError.notAKey }
        if let known = try SSHKeyFile.publicKeyWithoutPassphrase(of: text) { return known }
        if let stored = entry.field(named: EntryType.publicKeyField).flatMap(Self.publicKey(line:)) { return stored }
        return try SSHKeyFile.open(text, passphrase: entry.password).key.publicKey
    }

    /// The public key of an entry's public key line.
    private static func publicKey(line: SecureBytes) -> SSHPublicKeyBlob? {
        SSHPublicKeyBlob(line: line.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
    }
}
