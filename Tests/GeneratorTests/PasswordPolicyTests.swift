import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import Generator

/// Generated passwords follow their policy: the length asked for, at least one character of
/// every chosen class, nothing from outside them, no ambiguous characters when excluded, and
/// only the symbols given. Policies no password can meet are refused as usage errors.
@Suite("Passwords follow the policy")
struct PasswordPolicyTests {
    /// Every non-empty choice among lower, upper, digits and symbols.
    static let classChoices: [CharacterPolicy] = (1..<16).map { bits in
        .with(length: 1, lower: bits & 1 != 0, upper: bits & 2 != 0, digits: bits & 4 != 0,
              symbols: bits & 8 != 0 ? String(decoding: CharacterClasses.punctuation, as: UTF8.self) : nil)
    }

    @Test("passwords have exactly the length asked for", arguments: [
        (CharacterPolicy.with(length: 1, lower: false, upper: false, symbols: nil), 500),
        (.with(length: 4), 500),
        (.with(length: 20), 500),
        (.with(length: 64, excludeAmbiguous: true), 200),
        (.with(length: 4096), 20),
    ])
    func length(policy: CharacterPolicy, samples: Int) async throws {
        expectEvery(try await Sampling.passwords(policy, count: samples), "length \(policy.length)") { $0.count == policy.length }
    }

    @Test("every password has one of each chosen class and nothing else, even at the shortest length", arguments: classChoices)
    func classes(choice: CharacterPolicy) async throws {
        let classes = CharacterClasses.of(choice)
        for length in [classes.count, 12] {
            let policy = CharacterPolicy(length: length, lower: choice.lower, upper: choice.upper, digits: choice.digits,
                                         symbols: choice.symbols, excludeAmbiguous: false)
            let passwords = try await Sampling.passwords(policy, count: 300)
            expectEvery(passwords, "one of each class") { password in classes.allSatisfy { password.contains(where: $0.contains) } }
            expectEvery(passwords, "only the chosen classes") { password in
                password.allSatisfy { byte in classes.contains { $0.contains(byte) } }
            }
        }
    }

    @Test("--exclude-ambiguous never yields 0 O o 1 l I |, and still uses every other character")
    func excludeAmbiguous() async throws {
        let policy = CharacterPolicy.with(length: 64, excludeAmbiguous: true)
        var seen = Set<UInt8>()
        for password in try await Sampling.passwords(policy, count: 500) { seen.formUnion(password) }
        #expect(seen.isDisjoint(with: CharacterClasses.ambiguous), "ambiguous: \(String(decoding: Array(seen.intersection(CharacterClasses.ambiguous)), as: UTF8.self))")
        #expect(seen == Set(CharacterClasses.of(policy).joined()))
        #expect(seen.count == 94 - 7)
    }

    @Test("custom symbols are the only symbols, each of them used, one in every password", arguments: ["@", "@#%", "|-_"])
    func customSymbols(symbols: String) async throws {
        let policy = CharacterPolicy.with(length: 10, symbols: symbols)
        let allowed = Set(CharacterClasses.lower + CharacterClasses.upper + CharacterClasses.digits + Array(symbols.utf8))
        let passwords = try await Sampling.passwords(policy, count: 400)
        expectEvery(passwords, "only letters, digits and \(symbols)") { Set($0).isSubset(of: allowed) }
        expectEvery(passwords, "a symbol") { $0.contains(where: symbols.utf8.contains) }
        #expect(Set(passwords.joined()).intersection(CharacterClasses.punctuation) == Set(symbols.utf8))
    }

    @Test("a policy with every class off is a usage error")
    func noClasses() {
        expectRefused(.with(length: 20, lower: false, upper: false, digits: false, symbols: nil),
                      with: .noClasses, mentioning: "allow at least one")
    }

    @Test("a class that --exclude-ambiguous empties is a usage error naming it, not silently dropped", arguments: [
        CharacterPolicy.with(length: 20, lower: false, upper: false, digits: false, symbols: "|", excludeAmbiguous: true),
        .with(length: 20, symbols: "|", excludeAmbiguous: true),
    ])
    func emptiedClass(policy: CharacterPolicy) {
        expectRefused(policy, with: .classEmptied("symbols"), mentioning: "leaves no symbols")
    }

    @Test("a length shorter than the number of classes is a usage error that names the length needed", arguments: [
        (CharacterPolicy.with(length: 3), 4),
        (.with(length: 1, symbols: nil), 3),
        (.with(length: 1, upper: false, digits: false), 2),
    ])
    func tooShort(policy: CharacterPolicy, classes: Int) {
        expectRefused(policy, with: .tooShort(length: policy.length, classes: classes), mentioning: "--length \(classes) or more")
    }

    /// Expects both generating and measuring `policy` to throw `error`, exit status 64.
    private func expectRefused(
        _ policy: CharacterPolicy, with error: PolicyError, mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: error, sourceLocation: sourceLocation) { try Sampling.generator.generate(.characters(policy)) }
        #expect(throws: error, sourceLocation: sourceLocation) { try Sampling.generator.entropyBits(of: .characters(policy)) }
        #expect(error.exitStatus == .usage && error.exitStatus.rawValue == 64, sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
    }
}
