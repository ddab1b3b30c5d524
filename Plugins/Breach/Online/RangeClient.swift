import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import VaultCLI
import VaultKit
#if canImport(Glibc)
import Glibc
#endif

/// Asks the Pwned Passwords range API for one range: `GET {base}/range/{prefix}` with
/// `Add-Padding: true` (so that the size of the answer says nothing about the range) and a
/// User-Agent, over async-http-client with certificates verified against the system's roots.
/// A 429 is waited out as its Retry-After says, within the run's `RetryBudget`; any other
/// failure, and an answer not complete within `timeout` seconds, is an error.
struct RangeClient: Sendable {
    static let defaultBaseURL = "https://api.pwnedpasswords.com"
    static let userAgent = "vault/0.1.0 (password manager; breach check)"
    /// A real range is about 40 KB with padding; anything far larger is not one.
    static let maximumBody = 4 * 1024 * 1024

    /// Seconds for each answer, head and body together, unless told otherwise.
    static let defaultTimeout = 30

    let baseURL: String
    let client: HTTPClient
    /// Seconds for each answer, head and body together.
    let timeout: Int
    /// The 429 waits of the whole run, shared by every range.
    let retries: RetryBudget

    /// `url` without a trailing slash, if it is an http or https URL with a host and without
    /// query or fragment.
    static func normalized(_ url: String) throws(BreachError) -> String {
        var base = Substring(url)
        while base.hasSuffix("/") { base = base.dropLast() }
        let lower = base.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !base.contains("?"), !base.contains("#"),
              !base.contains(where: { $0.isWhitespace }), !host(of: String(base)).isEmpty else {
            throw .badURL(withoutCredentials(url))
        }
        return String(base)
    }

    func range(_ prefix: String) async throws -> RangeResponse {
        while true {
            switch try await withDeadline({ try await fetch(prefix) }) {
            case .range(let range):
                return range
            case .retry(let seconds):
                try retries.spend(seconds)
                try await Task.sleep(for: .seconds(seconds))
            }
        }
    }

    /// What one request gave: a range, or a 429 asking to wait.
    private enum Answer: Sendable {
        case range(RangeResponse)
        case retry(seconds: Int)
    }

    private func fetch(_ prefix: String) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + "/range/" + prefix)
        request.headers.add(name: "Add-Padding", value: "true")
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        let response: HTTPClientResponse
        do {
            // The answer's own deadline (`withDeadline`) comes first; this one is a backstop.
            response = try await client.execute(request, timeout: .seconds(Int64(timeout + 5)))
        } catch {
            throw BreachError.unreachable(host: host, reason: Self.describe(error))
        }
        switch response.status.code {
        case 200:
            // An HTTP/1 answer that ends only when the connection closes could have been cut
            // short at a line boundary, and the missing lines would read as "not found".
            if response.version.major == 1 && response.headers["Content-Length"].isEmpty
                && !response.headers["Transfer-Encoding"].contains(where: { $0.lowercased().contains("chunked") }) {
                throw BreachError.unframedAnswer(prefix: prefix)
            }
            let body: ByteBuffer
            do {
                body = try await response.body.collect(upTo: Self.maximumBody)
            } catch is NIOTooManyBytesError {
                throw BreachError.responseTooLarge(prefix: prefix)
            } catch {
                throw BreachError.unreachable(host: host, reason: Self.describe(error))
            }
            return .range(try RangeResponse(body: Array(buffer: body), prefix: prefix))
        case 429:
            return .retry(seconds: Self.retryAfter(response.headers))
        default:
            throw BreachError.httpStatus(Int(response.status.code), reason: response.status.reasonPhrase, prefix: prefix)
        }
    }

    /// `work`, or an error once `timeout` seconds have passed (the request's own deadline covers
    /// only the answer's head, and a server could drip the body a byte at a time).
    private func withDeadline<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let (seconds, host) = (timeout, host)
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw BreachError.unreachable(host: host, reason: "no complete answer within \(seconds) s")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// The host (and port) of the base URL, without any user:password@, for messages.
    private var host: String { Self.host(of: baseURL) }

    private static func host(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return "" }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return hostAndPort.prefix { $0 != ":" }.isEmpty ? "" : String(hostAndPort)
    }

    /// `url` with any user:password@ taken out, for messages.
    static func withoutCredentials(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
    }

    /// Seconds to wait: the Retry-After header's number, or 2 when there is none (a date is
    /// treated the same way, since servers of this API send seconds).
    private static func retryAfter(_ headers: HTTPHeaders) -> Int {
        guard let value = headers.first(name: "Retry-After"), let seconds = Int(value.filter { !$0.isWhitespace }) else { return 2 }
        return min(max(1, seconds), 86_400)
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
