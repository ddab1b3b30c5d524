import Foundation
import Testing

/// SSH keys for the tests of `ssh-key` entries, made by the real ssh-keygen.
package enum SSHKeygen {
    /// An ed25519 key made by ssh-keygen in the fixture's folder: ssh-keygen's path, the key's
    /// path, and the private and public key files' text.
    package static func makeKey(in fixture: VaultFixture, passphrase: String, comment: String) async throws
        -> (keygen: String, path: String, privateKey: String, publicKey: String) {
        let keygen = try #require(ExternalProgram.find("ssh-keygen"), "ssh-keygen is not installed (scripts/setup --test installs openssh-client)")
        let path = fixture.path("id_ed25519")
        let made = try await ExternalProgram.run(keygen, ["-q", "-t", "ed25519", "-N", passphrase, "-C", comment, "-f", path], environment: [:])
        try #require(made.status == 0, "\(made)")
        return (keygen, path, try String(contentsOfFile: path, encoding: .utf8), try String(contentsOfFile: path + ".pub", encoding: .utf8))
    }
}
