import Crypto
import FoundationEssentials

/// An OpenSSH public key in its one-line form (`ssh-ed25519 AAAAC3Nz… comment`), as
/// `~/.ssh/id_*.pub` holds it (an `authorized_keys` line with options before the key is not
/// read).
public enum SSHPublicKey {
    /// The fingerprint `ssh-keygen -l` prints by default: `SHA256:` and the unpadded Base64 of
    /// the SHA-256 of the key's blob. Nil when `line` is not such a key (its blob must decode and
    /// name the same algorithm as the line's first word).
    public static func fingerprint(of line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, let blob = Data(base64Encoded: String(words[1])), blob.count >= 4 else { return nil }
        let nameLength = blob.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard nameLength > 0, blob.count >= 4 + nameLength,
              String(decoding: blob.dropFirst(4).prefix(nameLength), as: UTF8.self) == words[0]
        else { return nil }
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.prefix { $0 != "=" }
    }
}
