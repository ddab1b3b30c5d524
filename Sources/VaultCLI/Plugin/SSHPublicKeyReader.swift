/// Reads an SSH key entry's private key for its public key line: `vault get NAME --field
/// public-key`, through the SSH agent's plugin (which `vault` hands such a command line to, in
/// vault-network, with the cryptographic library RSA needs).
public protocol SSHPublicKeyReader: PluginCapability {
    /// The line `ssh-keygen -y` prints for the key file `privateKey`, opened with `passphrase`
    /// when it is encrypted.
    func publicKeyLine(privateKey: String, passphrase: String?) throws -> String
}

extension SSHPublicKeyReader {
    public static var capabilityName: String { "ssh-public-key" }
}
