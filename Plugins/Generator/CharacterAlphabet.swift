import VaultCLI
import VaultCore
import VaultSystem

/// The character classes a password policy draws from, after --exclude-ambiguous, as the one
/// alphabet the generator samples and the class sizes the entropy formula needs.
struct CharacterAlphabet: Equatable {
    static let ambiguous: Set<Character> = ["0", "O", "o", "1", "l", "I", "|"]

    /// Each chosen class's characters, in a fixed order: lower, upper, digits, symbols.
    let classes: [[UInt8]]
    /// All characters of all classes.
    let characters: [UInt8]
    /// For each byte value, the index of its class, or -1.
    private let classOfByte: [Int]

    init(_ policy: CharacterPolicy) throws(PolicyError) {
        func keep(_ characters: [Character]) -> [UInt8] {
            characters.filter { !(policy.excludeAmbiguous && Self.ambiguous.contains($0)) }.compactMap(\.asciiValue)
        }
        let all: [(wanted: Bool, name: String, characters: [Character])] = [
            (policy.lower, "lower-case letters", Array("abcdefghijklmnopqrstuvwxyz")),
            (policy.upper, "upper-case letters", Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
            (policy.digits, "digits", Array("0123456789")),
            (!policy.symbols.isEmpty, "symbols", policy.symbols),
        ]
        guard policy.symbols.allSatisfy(PolicyOptions.isPunctuation), Set(policy.symbols).count == policy.symbols.count else {
            throw .badSymbols
        }
        var chosen: [[UInt8]] = []
        for candidate in all where candidate.wanted {
            let kept = keep(candidate.characters)
            guard !kept.isEmpty else { throw .classEmptied(candidate.name) }
            chosen.append(kept)
        }
        classes = chosen
        characters = classes.flatMap { $0 }
        var table = [Int](repeating: -1, count: 256)
        for (index, members) in classes.enumerated() { for byte in members { table[Int(byte)] = index } }
        classOfByte = table
        guard !classes.isEmpty else { throw .noClasses }
        guard policy.length >= classes.count else { throw .tooShort(length: policy.length, classes: classes.count) }
    }

    /// The index of the class `byte` belongs to.
    func classIndex(of byte: UInt8) -> Int? {
        let index = classOfByte[Int(byte)]
        return index < 0 ? nil : index
    }
}
