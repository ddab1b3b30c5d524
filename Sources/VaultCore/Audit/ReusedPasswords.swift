import Crypto
import FoundationEssentials

/// The groups of entries that share a password. Passwords are compared by an HMAC-SHA-256
/// under a key drawn for this one comparison and dropped with it, so that nothing kept or
/// printed (not even a hash, which could be looked up in a list of common passwords) tells
/// anything about a password.
public enum ReusedPasswords {
    /// The names of the entries sharing each password used more than once, each group in the
    /// order given and the groups in the order of their first entry.
    public static func groups(in entries: [Entry]) -> [[String]] {
        let key = SymmetricKey(size: .bits256)
        var groupOfDigest: [Data: Int] = [:]
        var groups: [[String]] = []
        for entry in entries {
            guard let password = entry.password, !password.isEmpty else { continue }
            let digest = Data(HMAC<SHA256>.authenticationCode(for: Array(password.utf8), using: key))
            if let index = groupOfDigest[digest] {
                groups[index].append(entry.name)
            } else {
                groupOfDigest[digest] = groups.count
                groups.append([entry.name])
            }
        }
        return groups.filter { $0.count > 1 }
    }
}
