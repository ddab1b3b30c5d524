import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// The generator options shared by `vault generate` and `add/edit --generate` describe the
/// policy the product promises, and refuse combinations that mean nothing.
@Suite("Generator options")
struct PolicyOptionsTests {
    @Test("options turn into the policy they name", arguments: [
        ([], SecretPolicy.characters(.with(length: 20))),
        (["--length", "32", "--no-upper", "--exclude-ambiguous"], .characters(.with(length: 32, upper: false, excludeAmbiguous: true))),
        (["--no-lower", "--no-digits", "--symbols", "@#"], .characters(.with(length: 20, lower: false, digits: false, symbols: "@#"))),
        (["--no-symbols"], .characters(.with(length: 20, symbols: nil))),
        (["--words", "5"], .words(WordPolicy(count: 5, separator: "-", capitalize: false, withNumber: false))),
        (["--words", "3", "--separator", " ", "--capitalize", "--with-number"],
         .words(WordPolicy(count: 3, separator: " ", capitalize: true, withNumber: true))),
    ])
    func policy(arguments: [String], expected: SecretPolicy) throws {
        #expect(try PolicyOptions.parse(arguments).policy == expected)
    }

    @Test("the default symbols are all 32 ASCII punctuation characters")
    func defaultSymbols() {
        #expect(PolicyOptions.defaultSymbols.compactMap(\.asciiValue) == CharacterClasses.punctuation)
        #expect(CharacterClasses.punctuation.count == 32)
    }

    @Test("contradictory or out-of-range options are refused", arguments: [
        ["--words", "3", "--length", "10"], ["--words", "3", "--no-symbols"], ["--words", "3", "--exclude-ambiguous"],
        ["--separator", "+"], ["--capitalize"], ["--with-number"],
        ["--words", "0"], ["--words", "65"], ["--length", "0"], ["--length", "4097"],
        ["--symbols", ""], ["--symbols", "@@"], ["--symbols", "a@"], ["--symbols", "7"], ["--symbols", "@ "], ["--symbols", "§"],
        ["--symbols", "@", "--no-symbols"],
    ])
    func refused(arguments: [String]) {
        #expect(throws: (any Error).self) { try PolicyOptions.parse(arguments) }
    }
}
