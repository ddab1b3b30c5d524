/// Keys derived from a vault's data key, one for each label: BLAKE2b-256 keyed with the data
/// key over the label's UTF-8, all in one guarded allocation (each guarded allocation costs
/// system calls and pages). The entry keys of version 5 and the attachment keys of version 6.
enum SubkeyDerivation {
    static func keys(from dataKey: SecureBytes, labels: [String]) throws(CryptoError) -> [SecureBytes] {
        // A shorter key would make a weak one, or none at all (BLAKE2b unkeyed).
        precondition(dataKey.count == Cipher.keyLength, "a data key is 32 bytes")
        let all = try SecureBytes(count: labels.count * Cipher.keyLength)
        all.withUnsafeMutableBytes { output in
            dataKey.withUnsafeBytes { key in
                for (index, label) in labels.enumerated() {
                    let derived = UnsafeMutableRawBufferPointer(rebasing: output[(index * Cipher.keyLength)..<((index + 1) * Cipher.keyLength)])
                    Array(label.utf8).withUnsafeBytes { Sodium.blake2b($0, key: key, into: derived) }
                }
            }
        }
        return labels.indices.map { all.part(($0 * Cipher.keyLength)..<(($0 + 1) * Cipher.keyLength)) }
    }
}
