import AsyncHTTPClient
import VaultCLI
import VaultCore
import VaultSystem

/// Asks the Pwned Passwords range API for one range: `GET {base}/range/{prefix}` with
/// `Add-Padding: true` (so that the size of the answer says nothing about the range) and a
/// User-Agent, over async-http-client with certificates verified against the system's roots.
/// A 429 is waited out within the run's `RetryBudget` (`APIExchange`); any other failure, and
/// an answer not complete within `timeout` seconds, is an error.
struct RangeClient: Sendable {
    static let defaultBaseURL = "https://api.pwnedpasswords.com"
    static let userAgent = "vault/0.1.0 (password manager; breach check)"
    /// A real range is about 40 KB with padding; anything far larger is not one.
    static let maximumBody = 4 * 1024 * 1024

    /// Seconds for each answer, head and body together, unless told otherwise.
    static let defaultTimeout = 30

    let baseURL: String
    let exchange: APIExchange

    init(baseURL: String, client: HTTPClient, timeout: Int, retries: RetryBudget) {
        self.baseURL = baseURL
        exchange = APIExchange(client: client, timeout: timeout, retries: retries)
    }

    /// `url` without a trailing slash, if it is an http or https URL with a host and without
    /// query or fragment.
    static func normalized(_ url: String) throws(BreachError) -> String {
        try BaseURL.normalized(url, refusal: BreachError.badURL)
    }

    func range(_ prefix: String) async throws -> RangeResponse {
        var request = HTTPClientRequest(url: baseURL + "/range/" + prefix)
        request.headers.add(name: "Add-Padding", value: "true")
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        let answer = try await exchange.get(request, host: BaseURL.host(of: baseURL), maximumBody: Self.maximumBody,
                                            tooLarge: .responseTooLarge(prefix: prefix))
        guard answer.status.code == 200 else {
            throw BreachError.httpStatus(Int(answer.status.code), reason: answer.status.reasonPhrase, prefix: prefix)
        }
        // An HTTP/1 answer that ends only when the connection closes could have been cut short
        // at a line boundary, and the missing lines would read as "not found".
        guard answer.isFramed else { throw BreachError.unframedAnswer(prefix: prefix) }
        return try RangeResponse(body: answer.body, prefix: prefix)
    }
}
