import Foundation
import NIOHTTP1

/// Answers `/api/v3/breachedaccount/{account}` requests (the router hands over only those) as
/// Have I Been Pwned's API v3 does: 403 without a User-Agent, 401 text/plain without the right
/// `hibp-api-key`, then rate limiting and failures as the account gate decides, then the
/// account (percent-decoded, compared without regard to case): 404 with an empty body when it
/// is in no breach, else 200 with its breaches, whole with `truncateResponse=false` and only
/// their names otherwise.
struct AccountResponder: Sendable {
    static let pathPrefix = "/api/v3/breachedaccount/"

    let dataset: AccountDataset
    /// The key requests must carry; nil accepts any non-empty key.
    let apiKey: String?
    let gate: RequestGate
    /// Seconds sent in `Retry-After` with a 429.
    let retryAfter: Int

    /// How the request's `hibp-api-key` compares with the expected one, for the log (which
    /// never holds the key itself): `ok`, `wrong`, or `-` when there is none.
    static func keyVerdict(_ headers: HTTPHeaders, expected: String?) -> String {
        guard let key = headers.first(name: "hibp-api-key"), !key.isEmpty else { return "-" }
        return expected == nil || expected == key ? "ok" : "wrong"
    }

    /// The reply for a GET or HEAD of `path` with `query` (without the `?`).
    func reply(path: String, query: String, headers: HTTPHeaders) -> PlannedReply {
        guard headers.first(name: "User-Agent").map({ !$0.isEmpty }) ?? false else {
            return .text(.forbidden, "Forbidden: a user agent is required")
        }
        guard Self.keyVerdict(headers, expected: apiKey) == "ok" else {
            return .text(.unauthorized, FailureBodies.invalidAPIKey)
        }
        switch gate.admit() {
        case .rateLimited:
            return .tooManyRequests(retryAfter: retryAfter)
        case .fail(let mode):
            return mode.reply(malformed: (FailureBodies.malformedJSON, "application/json"))
        case .serve:
            break
        }
        guard let account = String(path.dropFirst(Self.pathPrefix.count)).removingPercentEncoding, !account.isEmpty else {
            return .text(.badRequest, "The account was not in a valid format")
        }
        guard let answers = dataset.answers(for: account) else { return .respond(.notFound, headers: [], body: []) }
        let body = Self.wantsWholeBreaches(query) ? answers.full : answers.truncated
        return .respond(.ok, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    /// Whether the query says `truncateResponse=false` (the value without regard to case).
    static func wantsWholeBreaches(_ query: String) -> Bool {
        query.split(separator: "&").contains { parameter in
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return pair.count == 2 && pair[0] == "truncateResponse" && pair[1].lowercased() == "false"
        }
    }
}
