import VaultCore
import VaultSystem
import ArgumentParser

/// The generator options of product.md, shared by `vault generate` and `vault add/edit
/// --generate`, turned into a `SecretPolicy` for whichever plugin offers a `SecretGenerator`.
public struct PolicyOptions: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Password length in characters (default 20).", valueName: "n"))
    public var length: Int?

    @Flag(help: "No upper-case letters.")
    public var noUpper = false

    @Flag(help: "No lower-case letters.")
    public var noLower = false

    @Flag(help: "No digits.")
    public var noDigits = false

    @Flag(help: "No symbols.")
    public var noSymbols = false

    @Option(help: ArgumentHelp("The symbols to use instead of all ASCII punctuation.", valueName: "set"))
    public var symbols: String?

    @Flag(help: "Leave out characters that are easily confused: 0 O o 1 l I |.")
    public var excludeAmbiguous = false

    @Option(help: ArgumentHelp("Make a passphrase of this many words (EFF large word list) instead of a password.", valueName: "n"))
    public var words: Int?

    @Option(help: ArgumentHelp("Between the words of a passphrase (default -).", valueName: "s"))
    public var separator: String?

    @Flag(help: "Capitalise each word of a passphrase.")
    public var capitalize = false

    @Flag(help: "Append a random digit to one word of a passphrase.")
    public var withNumber = false

    public static let defaultLength = 20
    public static let defaultSymbols = Array(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##)

    /// Whether any generator option was given.
    public var isEmpty: Bool { !characterOptions && !wordOptions && words == nil }

    private var characterOptions: Bool {
        length != nil || noUpper || noLower || noDigits || noSymbols || symbols != nil || excludeAmbiguous
    }

    private var wordOptions: Bool { separator != nil || capitalize || withNumber }

    public func validate() throws {
        if words != nil && characterOptions {
            throw ValidationError("--words makes a passphrase: drop --length, --no-upper, --no-lower, --no-digits, --no-symbols, --symbols and --exclude-ambiguous")
        }
        if words == nil && wordOptions {
            throw ValidationError("--separator, --capitalize and --with-number go with --words N")
        }
        if let length, !(1...4096).contains(length) { throw ValidationError("--length must be between 1 and 4096") }
        if let words, !(1...64).contains(words) { throw ValidationError("--words must be between 1 and 64") }
        if let symbols {
            if symbols.isEmpty { throw ValidationError("--symbols needs at least one character (or use --no-symbols)") }
            if Set(symbols).count != symbols.count { throw ValidationError("--symbols has a character more than once") }
            if symbols.contains(where: { !Self.isPunctuation($0) }) {
                throw ValidationError("--symbols takes printable ASCII punctuation only (letters and digits are their own classes)")
            }
        }
        if let separator, separator.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--separator cannot contain control characters such as a newline")
        }
        if let symbols, noSymbols { throw ValidationError("--symbols '\(symbols)' and --no-symbols contradict each other") }
    }

    /// Printable ASCII other than letters, digits and space.
    public static func isPunctuation(_ character: Character) -> Bool {
        guard let value = character.asciiValue, (0x21...0x7E).contains(value) else { return false }
        return !character.isLetter && !character.isNumber
    }

    /// The policy these options describe.
    public var policy: SecretPolicy {
        if let words {
            return .words(WordPolicy(count: words, separator: separator ?? "-", capitalize: capitalize, withNumber: withNumber))
        }
        return .characters(CharacterPolicy(
            length: length ?? Self.defaultLength, lower: !noLower, upper: !noUpper, digits: !noDigits,
            symbols: noSymbols ? [] : symbols.map(Array.init) ?? Self.defaultSymbols, excludeAmbiguous: excludeAmbiguous))
    }

    /// The generator registered by a plugin.
    public static func generator(in plugins: PluginRegistry) throws -> SecretGenerator {
        guard let generator = plugins.capabilities(SecretGenerator.self).first else {
            throw PluginError.missingCapability("a secret generator")
        }
        return generator
    }
}
