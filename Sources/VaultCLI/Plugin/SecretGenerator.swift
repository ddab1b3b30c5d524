import VaultCore
import VaultSystem
/// Makes new secrets to a policy: `vault generate`, and `vault add --generate` through the
/// plugin registry.
public protocol SecretGenerator: PluginCapability {
    /// A new secret following `policy`, in guarded memory, with the policy's strength.
    func generate(_ policy: SecretPolicy) throws -> GeneratedSecret
    /// The exact entropy, in bits, of a secret drawn under `policy` (every secret the policy
    /// allows being equally likely); throws when the policy cannot be satisfied.
    func entropyBits(of policy: SecretPolicy) throws -> Double
}

extension SecretGenerator {
    public static var capabilityName: String { "secret-generator" }
}

/// A generated secret and the entropy of the policy it was drawn under.
public struct GeneratedSecret {
    public let secret: SecureBytes
    public let entropyBits: Double

    public init(secret: SecureBytes, entropyBits: Double) {
        self.secret = secret
        self.entropyBits = entropyBits
    }

    /// The secret as text, for storing in an entry.
    public var text: String { secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}

/// What to generate: a password from character classes, or a passphrase of words.
public enum SecretPolicy: Equatable, Sendable {
    case characters(CharacterPolicy)
    case words(WordPolicy)
}

/// A random password: `length` characters from the chosen classes, at least one of each.
public struct CharacterPolicy: Equatable, Sendable {
    public var length: Int
    public var lower: Bool
    public var upper: Bool
    public var digits: Bool
    /// The symbols to draw from; empty for none.
    public var symbols: [Character]
    /// Leave out characters that are easily confused (0 O o 1 l I |).
    public var excludeAmbiguous: Bool

    public init(length: Int, lower: Bool, upper: Bool, digits: Bool, symbols: [Character], excludeAmbiguous: Bool) {
        self.length = length
        self.lower = lower
        self.upper = upper
        self.digits = digits
        self.symbols = symbols
        self.excludeAmbiguous = excludeAmbiguous
    }
}

/// A passphrase: `count` words from a word list.
public struct WordPolicy: Equatable, Sendable {
    public var count: Int
    public var separator: String
    /// Capitalise each word's first letter (adds no entropy).
    public var capitalize: Bool
    /// Append one random digit to one randomly chosen word.
    public var withNumber: Bool

    public init(count: Int, separator: String, capitalize: Bool, withNumber: Bool) {
        self.count = count
        self.separator = separator
        self.capitalize = capitalize
        self.withNumber = withNumber
    }
}
