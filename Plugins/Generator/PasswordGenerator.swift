import VaultCLI
import VaultCore
import VaultSystem

/// The generator capability: passwords by rejection sampling (uniform characters from the
/// alphabet with libsodium's unbiased `randombytes_uniform` (`Sodium.uniformRandom`); a draw that misses a class is
/// thrown away whole, which keeps every allowed password equally likely), and passphrases of
/// uniformly chosen words from the EFF large list. Secrets are kept in wiped heap memory
/// rather than guarded pages: `--count` can ask for a million, and guarded allocations each
/// cost memory mappings, of which a process has only about 65,000.
struct PasswordGenerator: SecretGenerator {
    func entropyBits(of policy: SecretPolicy) throws -> Double {
        switch policy {
        case .characters(let characters):
            let alphabet = try CharacterAlphabet(characters)
            return PolicyEntropy.bits(length: characters.length, classSizes: alphabet.classes.map(\.count))
        case .words(let words):
            return PolicyEntropy.bits(words: words.count, listSize: EFFWordList.words.count, withNumber: words.withNumber)
        }
    }

    func generate(_ policy: SecretPolicy) throws -> GeneratedSecret {
        try source(for: policy)()
    }

    /// A function that makes one secret after another under `policy`, with the policy checked
    /// and its alphabet and entropy worked out once, for `vault generate --count`.
    func source(for policy: SecretPolicy) throws -> () throws -> GeneratedSecret {
        try Sodium.ensureInitialised()
        let bits = try entropyBits(of: policy)
        switch policy {
        case .characters(let characters):
            let alphabet = try CharacterAlphabet(characters)
            return { GeneratedSecret(secret: try self.password(characters.length, from: alphabet), entropyBits: bits) }
        case .words(let words):
            return { GeneratedSecret(secret: try self.passphrase(words), entropyBits: bits) }
        }
    }

    private func password(_ length: Int, from alphabet: CharacterAlphabet) throws -> SecureBytes {
        let secret = try SecureBytes(count: length, protection: .wipedOnRelease)
        var seen = [Bool](repeating: false, count: alphabet.classes.count)
        repeat {
            for index in seen.indices { seen[index] = false }
            secret.withUnsafeMutableBytes { output in
                for position in 0..<length {
                    let byte = alphabet.characters[Int(Sodium.uniformRandom(below: UInt32(alphabet.characters.count)))]
                    output[position] = byte
                    seen[alphabet.classIndex(of: byte)!] = true
                }
            }
        } while seen.contains(false)
        return secret
    }

    private func passphrase(_ policy: WordPolicy) throws -> SecureBytes {
        let list = EFFWordList.words
        var words = (0..<policy.count).map { _ in String(list[Int(Sodium.uniformRandom(below: UInt32(list.count)))]) }
        if policy.capitalize { words = words.map { $0.prefix(1).uppercased() + $0.dropFirst() } }
        if policy.withNumber {
            let index = Int(Sodium.uniformRandom(below: UInt32(words.count)))
            words[index] += String(Sodium.uniformRandom(below: 10))
        }
        var bytes = Array(words.joined(separator: policy.separator).utf8)
        return try SecureBytes(consuming: &bytes, protection: .wipedOnRelease)
    }
}
