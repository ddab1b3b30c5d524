import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// The four character classes as the tests know them, written out here rather than taken from
/// the plugin, so that a wrong alphabet in the plugin shows up as a difference.
enum CharacterClasses {
    static let lower = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    static let digits = Array("0123456789".utf8)
    /// Every printable ASCII character that is neither a letter nor a digit: the 32 default symbols.
    static let punctuation = (UInt8(33)...UInt8(126)).filter { !lower.contains($0) && !upper.contains($0) && !digits.contains($0) }
    /// The characters --exclude-ambiguous leaves out.
    static let ambiguous = Array("0Oo1lI|".utf8)

    /// The classes a policy draws from, in the order lower, upper, digits, symbols, with the
    /// ambiguous characters removed if the policy says so and emptied classes dropped.
    static func of(_ policy: CharacterPolicy) -> [[UInt8]] {
        let chosen: [(Bool, [UInt8])] = [
            (policy.lower, lower), (policy.upper, upper), (policy.digits, digits),
            (true, policy.symbols.compactMap(\.asciiValue)),
        ]
        return chosen.filter(\.0)
            .map { $0.1.filter { !policy.excludeAmbiguous || !ambiguous.contains($0) } }
            .filter { !$0.isEmpty }
    }
}

extension CharacterPolicy {
    /// A policy with every class on and the default symbols unless told otherwise.
    static func with(
        length: Int, lower: Bool = true, upper: Bool = true, digits: Bool = true,
        symbols: String? = String(decoding: CharacterClasses.punctuation, as: UTF8.self), excludeAmbiguous: Bool = false
    ) -> CharacterPolicy {
        CharacterPolicy(length: length, lower: lower, upper: upper, digits: digits,
                        symbols: symbols.map(Array.init) ?? [], excludeAmbiguous: excludeAmbiguous)
    }
}

extension CharacterPolicy: CustomTestStringConvertible {
    /// The policy as test results name it, such as "length 4: lower, digits, 3 symbols".
    public var testDescription: String {
        let classes = [(lower, "lower"), (upper, "upper"), (digits, "digits")].filter(\.0).map(\.1)
            + (symbols.isEmpty ? [] : ["\(symbols.count) symbols"])
        return "length \(length): " + classes.joined(separator: ", ") + (excludeAmbiguous ? ", no ambiguous" : "")
    }
}
