/// The authorship of the entries of the copies a team vault's merge opened (under the data key
/// the result is sealed with), found by their lines: a merged entry whose line is one of them,
/// byte for byte, keeps the authorship it had when the merge seals it again, so that a merge
/// signs only what it made (an entry whose parts came from both sides), not what it took. A
/// member who merged a removed member's copy before they knew of the removal does not sign
/// that member's entries as their own, and a later merge that holds the removal still sees
/// whose they are (`VaultFileMerge.vouched`).
///
/// Lines are found by BLAKE2b-256 keyed with a key drawn for this merge alone, so the digests
/// kept in ordinary memory say nothing of the lines' secrets.
struct CarriedAuthorships {
    private let key: SecureBytes
    private var byLine: [[UInt8]: Authorship] = [:]

    init() throws {
        key = try SecureBytes.random(count: 32)
    }

    /// Keeps the authorship of every entry of `copy` (a team vault of version 10 on).
    mutating func collect(from copy: VaultFileMerge.Opened) throws {
        guard copy.envelope.signsParts else { return }
        let keys = try EntryKeys(dataKey: copy.keys.dataKey)
        var found: [([UInt8], Authorship)] = []
        try copy.table.forEachLine { line, record in
            guard let record else { return }
            found.append((digest(of: line), try copy.envelope.authorship(of: record, keys: keys).authorship))
        }
        for (digest, authorship) in found { byLine[digest] = authorship }
    }

    /// The authorship kept for an entry whose line is `line`, if any.
    func authorship(of line: UnsafeRawBufferPointer) -> Authorship? {
        byLine.isEmpty ? nil : byLine[digest(of: line)]
    }

    private func digest(of line: UnsafeRawBufferPointer) -> [UInt8] {
        key.withUnsafeBytes { Sodium.blake2b(line, key: $0) }
    }
}
