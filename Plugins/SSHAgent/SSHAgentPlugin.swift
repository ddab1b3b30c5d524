import ArgumentParser
import VaultCLI

/// The SSH agent: serves the vault's SSH key entries to `ssh`, `git` and `ssh-keygen -Y sign`,
/// and gives an entry's public key line (`vault get NAME --field public-key`). It runs in
/// vault-network, with swift-crypto's RSA, which `vault` itself does not carry.
public struct SSHAgentPlugin: VaultPlugin {
    public init() {}
    public var id: String { "ssh-agent" }
    public var summary: String { "SSH agent for the vault's SSH keys, and their public key lines" }
    public var commands: [ParsableCommand.Type] { [SSHAgentCommand.self] }
    public var capabilities: [any PluginCapability] { [PublicKeyLines()] }
}

/// `SSHPublicKeyReader` over `SSHKeyFile`.
struct PublicKeyLines: SSHPublicKeyReader {
    func publicKeyLine(privateKey: String, passphrase: String?) throws -> String {
        try SSHKeyFile.publicKeyLine(of: privateKey, passphrase: passphrase)
    }
}
