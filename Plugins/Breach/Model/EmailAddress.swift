import FoundationEssentials
import VaultCore
import VaultSystem

/// Which values of an entry are e-mail addresses, for `vault breach --accounts` and
/// `vault audit --accounts`: a simple check that never takes a plain user name for one (exactly
/// one `@`, something before it, a domain with a dot between non-empty labels, no spaces or
/// control characters), not a full RFC 5322 parser.
enum EmailAddress {
    /// The longest address a mail server must accept (RFC 5321's path limit, less the brackets).
    static let maximumLength = 254

    static func isAddress(_ text: String) -> Bool {
        guard text.utf8.count <= maximumLength,
              !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// The addresses among the entries' user names and plain (not secret) custom fields,
    /// surrounding spaces trimmed: each once, whatever its case (the first spelling met, in the
    /// entries' order), ordered by address without regard to case, each with the names of the
    /// entries that hold it. Secret fields are left out: their values never leave the machine.
    static func collect(from entries: [Entry]) -> [(address: String, entries: [String])] {
        var found: [String: (address: String, entries: [String])] = [:]
        for entry in entries {
            let values = [entry.username].compactMap { $0 } + entry.fields.filter { !$0.secret }.map(\.value)
            for value in values {
                let address = value.trimmingCharacters(while: \.isWhitespace)
                guard isAddress(address) else { continue }
                let key = address.lowercased()
                var holders = found[key] ?? (address, [])
                if holders.entries.last != entry.name { holders.entries.append(entry.name) }
                found[key] = holders
            }
        }
        return found.sorted { $0.key < $1.key }.map(\.value)
    }
}
