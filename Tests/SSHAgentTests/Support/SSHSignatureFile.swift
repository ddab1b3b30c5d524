import Crypto
import FoundationEssentials
@testable import SSHAgent

/// An SSH signature file (`-----BEGIN SSH SIGNATURE-----`, OpenSSH's PROTOCOL.sshsig) around a
/// signature vault's key made, so that `ssh-keygen -Y check-novalidate` checks that signature:
/// the data signed is the magic, the namespace, a reserved string, the hash's name and the
/// SHA-512 of the message.
enum SSHSignatureFile {
    /// What a key signs for `message` in `namespace`.
    static func signedData(of message: [UInt8], namespace: String) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.text(namespace)
        writer.string([UInt8]())
        writer.text("sha512")
        writer.string(Array(SHA512.hash(data: message)))
        return Array("SSHSIG".utf8) + writer.bytes
    }

    /// The armoured file for `signature` (an SSH signature blob) by `publicKey`.
    static func armoured(signature: [UInt8], publicKey: SSHPublicKeyBlob, namespace: String) -> String {
        var writer = SSHWireWriter()
        writer.uint32(1)
        writer.string(publicKey.bytes)
        writer.text(namespace)
        writer.string([UInt8]())
        writer.text("sha512")
        writer.string(signature)
        let base64 = Data(Array("SSHSIG".utf8) + writer.bytes).base64EncodedString()
        var lines: [Substring] = []
        var rest = base64[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(70))
            rest = rest.dropFirst(70)
        }
        return "-----BEGIN SSH SIGNATURE-----\n" + lines.joined(separator: "\n") + "\n-----END SSH SIGNATURE-----\n"
    }
}
