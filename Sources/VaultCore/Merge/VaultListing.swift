/// A vault file as text for `git diff` and `git log -p` (git's textconv): each entry's name and
/// type, and for each of its parts a keyed fingerprint of the value instead of the value, so a
/// diff shows which parts of which entries changed and nothing of what they hold. The
/// fingerprint key is derived from the vault's data key, and the entry's id and the part's name
/// are hashed with the value: the same value in the same part of the same entry gives the same
/// fingerprint in every version of the file until `passwd` or `rekey` changes that key, equal
/// values elsewhere give others, and nobody without the key can test a guess.
public enum VaultListing {
    /// The listing of the vault file `bytes`, opened with `unlocker` (never changing the key cache).
    public static func text(of bytes: [UInt8], using unlocker: Unlocker) throws -> String {
        let opened: VaultFileMerge.Opened
        do {
            opened = try VaultFileMerge.open(bytes, using: unlocker)
        } catch VaultOpenError.wrongPassword {
            // A version from before a passwd or rekey: listed as such, so that git log -p goes on.
            let id = (try? Envelope.parse(bytes).id) ?? "?"
            return "vault \(id): encrypted under other keys (written before a passwd or rekey)\n"
        }
        let copy = try opened.copy()
        var key = opened.keys.dataKey.withUnsafeBytes { Sodium.keyedHash(UnsafeRawBufferPointer($0), key: Array("vault listing fingerprints".utf8)) }
        defer { Sodium.wipe(&key) }
        let count = copy.entries.count
        var lines = ["vault \(opened.envelope.id), format \(opened.envelope.version): \(count) entr\(count == 1 ? "y" : "ies")"]
        for entry in copy.entries {
            lines.append("\(entry.name) [\(entry.type.rawValue)] id \(entry.id)")
            for part in EntryPart.present(in: entry) where part != "name" && part != "type" {
                guard let text = EntryPart.value(of: part, in: entry).text else { continue }
                lines.append("  \(part): #\(fingerprint(text, of: part, in: entry.id, key: key))")
            }
            if !entry.history.isEmpty { lines.append("  history: \(entry.history.count) earlier password\(entry.history.count == 1 ? "" : "s")") }
        }
        for tombstone in copy.state.deleted {
            lines.append("removed: \(tombstone.name) id \(tombstone.id)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fingerprint of a part's value, keyed by the entry's id and the part's name as well,
    /// so that one value in two places (a password reused, a password equal to the username)
    /// does not show as the same fingerprint; the id and the name are NUL-free.
    private static func fingerprint(_ text: String, of part: String, in entryID: String, key: [UInt8]) -> String {
        let digest = Array("\(entryID)\u{0}\(part)\u{0}\(text)".utf8).withUnsafeBytes { Sodium.keyedHash($0, key: key) }
        return digest.prefix(6).map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
    }
}
