/// Where the agent's keys come from: asked afresh at each request, so that a vault locked or
/// unlocked since, or an entry added or removed, shows at the next request.
protocol AgentKeySource {
    /// The keys served now; none while the vault is locked.
    func identities() throws -> [AgentIdentity]
    /// The key served now whose public key is `blob`, not opened yet; nil when none is.
    func key(for blob: [UInt8]) throws -> AgentKey?
}

/// A key the agent serves: its public key and the name of the entry that holds it (the
/// comment `ssh-add -l` shows).
struct AgentIdentity: Equatable {
    let publicKey: SSHPublicKeyBlob
    let entryName: String
}

/// A key found for a sign request, opened only when the request is allowed.
struct AgentKey {
    let identity: AgentIdentity
    /// Opens the private key, which the caller drops once it has signed.
    let open: () throws -> SSHPrivateKey
}
