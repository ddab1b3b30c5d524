import VaultCLI
import VaultCore
import VaultSystem

/// Why a password or an account could not be checked. Every one of them ends the check with an
/// error: what could not be checked is never reported as not breached. No message holds the
/// API key.
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
    case badAccountsURL(String)
    case plainAccountsURL(String)
    case noAPIKey(entry: String)
    case notAnAPIKey(entry: String)
    case invalidAPIKey(entry: String)
    case forbidden(account: String)
    case accountHTTPStatus(Int, reason: String, account: String)
    case malformedAccountAnswer(account: String, reason: String)
    case accountAnswerTooLarge(account: String)

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
        case .badAccountsURL(let url):
            "'\(url)' is not an http(s) URL of a breached-account API (such as \(AccountClient.defaultBaseURL))"
        case .plainAccountsURL(let url):
            "'\(url)' is plain http to another machine, which would send the API key in clear; use https (plain http only for a server on this machine)"
        case .noAPIKey(let entry):
            "no entry '\(entry)' holds a Have I Been Pwned API key; get one at https://haveibeenpwned.com/API/Key "
                + "and store it as the entry's password: vault add \(ShellWord.quoted(entry))"
        case .notAnAPIKey(let entry):
            "the password of '\(entry)' is not an API key (letters, digits and dashes; Have I Been Pwned's are 32 hex characters)"
        case .invalidAPIKey(let entry):
            "the breached-account API refused the API key in '\(entry)' (401 unauthorised): is the key right and its subscription active?"
        case .forbidden(let account):
            "the breached-account API refused the request for \(account) (403 forbidden: the client is blocked or sent no user agent)"
        case .accountHTTPStatus(let code, let reason, let account):
            "the breached-account API answered \(code) \(reason) for \(account)"
        case .malformedAccountAnswer(let account, let reason):
            "the answer for \(account) is not a list of breaches (\(reason)); is the API URL right?"
        case .accountAnswerTooLarge(let account):
            "the answer for \(account) is larger than any real list of breaches; is the API URL right?"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noAPIKey: .notFound
        default: .failure
        }
    }
}
