import FoundationEssentials
import VaultCore
import VaultSystem

/// The Have I Been Pwned API key: the password of a vault entry (`hibp/api-key` unless told
/// otherwise), so that it is never in the command line, the config or the environment. Its
/// description never shows it.
struct APIKey: Sendable, CustomStringConvertible {
    static let defaultEntry = "hibp/api-key"

    /// The entry it came from, for messages.
    let entry: String
    let value: String

    /// The key held by `stored`, the entry called `name` (nil when there is none): its password
    /// without surrounding spaces, which must be letters, digits and dashes (Have I Been
    /// Pwned's keys are 32 hex characters; a mirror may use others), so that a password that
    /// is not a key, or could break the header, is never sent.
    init(from stored: Entry?, name: String) throws(BreachError) {
        guard let stored, let password = stored.password else { throw .noAPIKey(entry: name) }
        let key = password.trimmingCharacters(while: \.isWhitespace)
        guard !key.isEmpty, key.utf8.count <= 256,
              key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D })
        else { throw .notAnAPIKey(entry: stored.name) }
        entry = stored.name
        value = key
    }

    var description: String { "the API key in '\(entry)'" }
}
