import CSodium
import VaultCLI
import VaultCore
import VaultSystem

/// A way of drawing passwords for the uniformity tests: the real generator, or one of two
/// deliberately biased stand-ins that keep the at-least-one-per-class rule, to show that the
/// test statistic catches a bias of the kind a slip in the generator would cause.
struct PasswordSampler: CustomStringConvertible, Sendable {
    let description: String
    /// Makes the function that draws one password under a policy, doing its setup once.
    let prepare: @Sendable (CharacterPolicy) -> () throws -> [UInt8]

    /// The generator capability of the plugin.
    static let generator = PasswordSampler(description: "the generator") { policy in
        { try Sampling.generator.generate(.characters(policy)).secret.withUnsafeBytes { Array($0) } }
    }

    /// A random byte reduced modulo the alphabet's size, as `bytes[i] % n` would do it: the
    /// first 256 mod n characters come up more often when n is not a power of 2.
    static let moduloOfRandomByte = PasswordSampler(description: "a random byte modulo n") { policy in
        let rule = ClassRule(policy)
        return { rule.drawWithRejection { _ in rule.alphabet[Int(randombytes_random() & 0xFF) % rule.alphabet.count] } }
    }

    /// A uniform draw everywhere except the first position, which is always of the first class
    /// (a lower-case letter, when those are chosen).
    static let firstAlwaysOfFirstClass = PasswordSampler(description: "first character always of the first class") { policy in
        let rule = ClassRule(policy)
        return {
            rule.drawWithRejection { position in
                let choices = position == 0 ? rule.classes[0] : rule.alphabet
                return choices[Int(randombytes_uniform(UInt32(choices.count)))]
            }
        }
    }
}

/// The at-least-one-per-class rule, for the biased samplers to apply as the generator does.
private struct ClassRule: Sendable {
    let classes: [[UInt8]]
    let alphabet: [UInt8]
    let length: Int
    /// Each byte's class as a bit, or 0.
    private let classBit: [Int]

    init(_ policy: CharacterPolicy) {
        classes = CharacterClasses.of(policy)
        alphabet = Array(classes.joined())
        length = policy.length
        var classBit = [Int](repeating: 0, count: 256)
        for (index, members) in classes.enumerated() { for byte in members { classBit[Int(byte)] = 1 << index } }
        self.classBit = classBit
    }

    /// Draws whole passwords, character by character from `character(position)`, until one
    /// has every class.
    func drawWithRejection(character: (Int) -> UInt8) -> [UInt8] {
        while true {
            let password = (0..<length).map(character)
            if password.reduce(0, { $0 | classBit[Int($1)] }) == (1 << classes.count) - 1 { return password }
        }
    }
}

/// How often each character of an alphabet came up at each position of many passwords.
struct CharacterCounts {
    let alphabet: [UInt8]
    /// Each byte's index in the alphabet, or -1.
    private let indices: [Int]
    private(set) var byPosition: [[Int]]
    /// Characters seen that are not in the alphabet at all.
    private(set) var foreign: [UInt8] = []

    init(alphabet: [UInt8], length: Int) {
        self.alphabet = alphabet
        var indices = [Int](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { indices[Int(byte)] = index }
        self.indices = indices
        byPosition = [[Int]](repeating: [Int](repeating: 0, count: alphabet.count), count: length)
    }

    /// The counts of all positions together.
    var pooled: [Int] {
        byPosition.reduce([Int](repeating: 0, count: alphabet.count)) { zip($0, $1).map(+) }
    }

    mutating func add(_ password: [UInt8]) {
        for (position, byte) in password.enumerated() {
            let index = indices[Int(byte)]
            if index >= 0 && position < byPosition.count {
                byPosition[position][index] += 1
            } else {
                foreign.append(byte)
            }
        }
    }
}
