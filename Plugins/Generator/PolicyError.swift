import VaultCLI
import VaultCore
import VaultSystem

/// A policy no password can satisfy: a usage error (exit 64) that says what to change.
enum PolicyError: VaultFailure, Equatable {
    case noClasses
    case tooShort(length: Int, classes: Int)
    case classEmptied(String)
    case badSymbols

    var message: String {
        switch self {
        case .noClasses:
            return "every character class is excluded; allow at least one of lower, upper, digits or symbols"
        case .badSymbols:
            return "the symbols must be distinct, printable ASCII punctuation"
        case .classEmptied(let name):
            return "--exclude-ambiguous leaves no \(name); add other \(name) or drop --exclude-ambiguous"
        case .tooShort(let length, let classes):
            return "a password of \(length) characters cannot hold one of each of its \(classes) character classes; use --length \(classes) or more, or drop a class"
        }
    }

    var exitStatus: ExitStatus { .usage }
}
