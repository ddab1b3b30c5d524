import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Asks the Pwned Passwords range API for one range: `GET {base}/range/{prefix}` with
/// `Add-Padding: true` (so that the size of the answer says nothing about the range) and a
/// User-Agent, over async-http-client with certificates verified against the system's roots.
/// A 429 is waited out as its Retry-After says, within `retryBudget` seconds in all; any other
/// failure is an error.
struct RangeClient: Sendable {
    static let defaultBaseURL = "https://api.pwnedpasswords.com"
    static let userAgent = "vault/0.1.0 (password manager; breach check)"
    /// A real range is about 40 KB with padding; anything far larger is not one.
    static let maximumBody = 4 * 1024 * 1024

    let baseURL: String
    let client: HTTPClient
    var timeout: TimeAmount = .seconds(30)
    var retryBudget = 60

    /// `url` without a trailing slash, if it is an http or https URL without query or fragment.
    static func normalized(_ url: String) throws(BreachError) -> String {
        var base = Substring(url)
        while base.hasSuffix("/") { base = base.dropLast() }
        let lower = base.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !base.contains("?"), !base.contains("#"),
              !base.contains(where: { $0.isWhitespace }) else {
            throw .badURL(url)
        }
        let authority = base[base.firstRange(of: "://")!.upperBound...].prefix { $0 != "/" }
        let host = authority.split(separator: "@").last?.prefix { $0 != ":" } ?? ""
        guard !host.isEmpty else { throw .badURL(url) }
        return String(base)
    }

    func range(_ prefix: String) async throws -> RangeResponse {
        var waited = 0
        while true {
            var request = HTTPClientRequest(url: baseURL + "/range/" + prefix)
            request.headers.add(name: "Add-Padding", value: "true")
            request.headers.add(name: "User-Agent", value: Self.userAgent)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, timeout: timeout)
            } catch {
                throw BreachError.unreachable(host: host, reason: Self.describe(error))
            }
            switch response.status.code {
            case 200:
                let body: ByteBuffer
                do {
                    body = try await response.body.collect(upTo: Self.maximumBody)
                } catch is NIOTooManyBytesError {
                    throw BreachError.responseTooLarge(prefix: prefix)
                } catch {
                    throw BreachError.unreachable(host: host, reason: Self.describe(error))
                }
                return try RangeResponse(body: Array(buffer: body), prefix: prefix)
            case 429:
                let wait = Self.retryAfter(response.headers)
                guard waited + wait <= retryBudget else { throw BreachError.rateLimited(waited: waited) }
                waited += wait
                try await Task.sleep(for: .seconds(wait))
            default:
                throw BreachError.httpStatus(Int(response.status.code), reason: response.status.reasonPhrase, prefix: prefix)
            }
        }
    }

    /// The host part of the base URL, for messages.
    private var host: String {
        let afterScheme = baseURL.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: true)
        return afterScheme.count > 1 ? String(afterScheme[1]) : baseURL
    }

    /// Seconds to wait: the Retry-After header's number, or 2 when there is none (a date is
    /// treated the same way, since servers of this API send seconds).
    private static func retryAfter(_ headers: HTTPHeaders) -> Int {
        guard let value = headers.first(name: "Retry-After"), let seconds = Int(value.filter { !$0.isWhitespace }) else { return 2 }
        return max(1, seconds)
    }

    /// An error of the HTTP stack in words a person understands.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        let lower = text.lowercased()
        if lower.contains("certificate_verify_failed") || lower.contains("certificate verify failed") {
            return "the server's TLS certificate is not trusted"
        }
        if lower.contains("certificate") || lower.contains("handshake") || lower.contains("ssl") || lower.contains("tls") {
            return "the TLS connection failed"
        }
        if lower.contains("timeout") || lower.contains("timedout") || lower.contains("deadline") { return "no answer in time" }
        if lower.contains("refused") { return "connection refused" }
        if lower.contains("resolve") || lower.contains("dns") || lower.contains("getaddrinfo") || lower.contains("host") {
            return "the name could not be resolved (\(text))"
        }
        if lower.contains("remoteconnectionclosed") || lower.contains("closed") { return "the server closed the connection" }
        return text
    }
}
