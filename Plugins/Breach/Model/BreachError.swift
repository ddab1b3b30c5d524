import VaultCLI
import VaultKit

/// Why a password could not be checked. Every one of them ends the check with an error: a
/// password that could not be checked is never reported as not breached.
enum BreachError: VaultFailure, Equatable {
    case badURL(String)
    case unreachable(host: String, reason: String)
    case httpStatus(Int, reason: String, prefix: String)
    case rateLimited(waited: Int, asked: Int, budget: Int)
    case unframedAnswer(prefix: String)
    case notRangeFormat(prefix: String, line: Int)
    case responseTooLarge(prefix: String)
    case unreadableData(path: String, reason: String)
    case malformedData(path: String, offset: Int, expected: String)
    case unsortedData(path: String, offset: Int)
    case missingRange(folder: String, prefix: String)

    var message: String {
        switch self {
        case .badURL(let url):
            "'\(url)' is not an http(s) URL of a range API (such as https://api.pwnedpasswords.com)"
        case .unreachable(let host, let reason):
            "cannot reach \(host): \(reason)"
        case .httpStatus(let code, let reason, let prefix):
            "the breach API answered \(code) \(reason) for range \(prefix)"
        case .rateLimited(let waited, let asked, let budget):
            "the breach API keeps answering 429 (too many requests): after \(waited) s of waiting it asks for \(asked) s more, beyond the \(budget) s budget; try again later"
        case .unframedAnswer(let prefix):
            "the answer for range \(prefix) has no length, so a cut-short answer could not be told from a whole one"
        case .notRangeFormat(let prefix, let line):
            "the answer for range \(prefix) is not a Pwned Passwords range (line \(line) is not HASH:COUNT); is the API URL right?"
        case .responseTooLarge(let prefix):
            "the answer for range \(prefix) is larger than any real range; is the API URL right?"
        case .unreadableData(let path, let reason):
            "cannot read \(path): \(reason)"
        case .malformedData(let path, let offset, let expected):
            "\(path): malformed line at byte \(offset) (expected \(expected))"
        case .unsortedData(let path, let offset):
            "\(path) is not sorted by hash (at byte \(offset)); use the download ordered by hash, not by prevalence"
        case .missingRange(let folder, let prefix):
            "\(folder) has no file for range \(prefix) (\(prefix).txt): is the download complete?"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
