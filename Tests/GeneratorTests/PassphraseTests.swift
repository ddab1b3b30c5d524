import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import Generator

/// Passphrases: the number of words asked for, joined by the separator, each from the EFF
/// list, capitalised when asked, and with exactly one digit appended to one word when asked.
@Suite("Passphrases")
struct PassphraseTests {
    static let wordList = Set(EFFWordList.words.map(String.init))

    @Test("N words from the list joined by the separator", arguments: [
        (1, " "), (6, " "), (6, "_"), (12, "::"), (64, "+"),
    ])
    func wordsAndSeparator(count: Int, separator: String) async throws {
        let policy = WordPolicy(count: count, separator: separator, capitalize: false, withNumber: false)
        let passphrases = try await Sampling.passphrases(policy, count: 200)
        expectEvery(passphrases, "\(count) words of the list") { passphrase in
            let words = passphrase.components(separatedBy: separator)
            return words.count == count && words.allSatisfy(Self.wordList.contains)
        }
    }

    @Test("with hyphens between them, words that have one of their own (t-shirt) still read back as N words of the list")
    func defaultSeparator() async throws {
        let policy = WordPolicy(count: 5, separator: "-", capitalize: false, withNumber: false)
        expectEvery(try await Sampling.passphrases(policy, count: 200), "5 words of the list") {
            Self.split($0, separator: "-", into: 5) != nil
        }
    }

    @Test("--capitalize upper-cases the first letter of every word and nothing else")
    func capitalize() async throws {
        let policy = WordPolicy(count: 8, separator: " ", capitalize: true, withNumber: false)
        expectEvery(try await Sampling.passphrases(policy, count: 200), "capitalised words of the list") { passphrase in
            passphrase.split(separator: " ").allSatisfy { word in
                word.first?.isUppercase == true && Self.wordList.contains(word.prefix(1).lowercased() + word.dropFirst())
            }
        }
    }

    @Test("--with-number appends exactly one digit to exactly one word, any word and any digit")
    func withNumber() async throws {
        let policy = WordPolicy(count: 4, separator: " ", capitalize: false, withNumber: true)
        let passphrases = try await Sampling.passphrases(policy, count: 400)
        expectEvery(passphrases, "4 words of the list, one with a digit appended") { passphrase in
            let words = passphrase.split(separator: " ")
            let numbered = words.indices.filter { words[$0].last?.isNumber == true }
            return words.count == 4 && passphrase.filter(\.isNumber).count == 1 && numbered.count == 1
                && words.indices.allSatisfy { Self.wordList.contains(String(numbered == [$0] ? words[$0].dropLast() : words[$0])) }
        }
        let numbered = passphrases.map { $0.split(separator: " ").map { $0.last?.isNumber == true } }
        #expect(Set(numbered.compactMap { $0.firstIndex(of: true) }) == [0, 1, 2, 3], "the digit goes to any word")
        #expect(Set(passphrases.flatMap { $0.filter(\.isNumber) }) == Set("0123456789"), "any digit")
    }

    /// The words of `passphrase`, if it can be read as `count` words of the list joined by
    /// `separator` even where a word holds the separator itself.
    static func split(_ passphrase: String, separator: String, into count: Int) -> [String]? {
        if count == 1 { return wordList.contains(passphrase) ? [passphrase] : nil }
        var rest = Substring(passphrase)
        var prefix = ""
        while let range = rest.range(of: separator) {
            prefix += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            if wordList.contains(prefix), let others = split(String(rest), separator: separator, into: count - 1) {
                return [prefix] + others
            }
            prefix += separator
        }
        return nil
    }
}
