import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// One GET to an API of Have I Been Pwned, as the range and account clients make it: the whole
/// answer, head and body, within `timeout` seconds; a 429 waited out as its Retry-After says,
/// within the run's `RetryBudget`, and asked again; a body larger than the caller's cap
/// refused. Failures to connect or read are `BreachError.unreachable` naming the host only,
/// never a header of the request (which may hold an API key).
struct APIExchange: Sendable {
    let client: HTTPClient
    /// Seconds for each answer, head and body together.
    let timeout: Int
    /// The 429 waits of the whole run, shared by every request.
    let retries: RetryBudget

    /// An answer other than 429, its body read.
    struct Answer: Sendable {
        let status: HTTPResponseStatus
        let headers: HTTPHeaders
        /// Whether the body's end could be told from a connection cut short: a length, chunked
        /// encoding, or HTTP/2.
        let isFramed: Bool
        let body: [UInt8]
    }

    /// Sends `request` (to `host`, for messages) until the answer is not a 429. A body over
    /// `maximumBody` bytes is the error `tooLarge`.
    func get(_ request: HTTPClientRequest, host: String, maximumBody: Int, tooLarge: BreachError) async throws -> Answer {
        while true {
            let answer = try await withDeadline(host: host) {
                try await once(request, host: host, maximumBody: maximumBody, tooLarge: tooLarge)
            }
            guard answer.status == .tooManyRequests else { return answer }
            let seconds = Self.retryAfter(answer.headers)
            try retries.spend(seconds)
            try await Task.sleep(for: .seconds(seconds))
        }
    }

    private func once(_ request: HTTPClientRequest, host: String, maximumBody: Int, tooLarge: BreachError) async throws -> Answer {
        let response: HTTPClientResponse
        do {
            // The answer's own deadline (`withDeadline`) comes first; this one is a backstop.
            response = try await client.execute(request, timeout: .seconds(Int64(timeout + 5)))
        } catch {
            throw BreachError.unreachable(host: host, reason: Self.describe(error))
        }
        let isFramed = response.version.major > 1 || !response.headers["Content-Length"].isEmpty
            || response.headers["Transfer-Encoding"].contains { $0.lowercased().contains("chunked") }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: maximumBody)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        } catch {
            throw BreachError.unreachable(host: host, reason: Self.describe(error))
        }
        return Answer(status: response.status, headers: response.headers, isFramed: isFramed, body: Array(buffer: body))
    }

    /// `work`, or an error once `timeout` seconds have passed (the request's own deadline covers
    /// only the answer's head, and a server could drip the body a byte at a time).
    private func withDeadline<T: Sendable>(host: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let seconds = timeout
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

    /// Seconds to wait: the Retry-After header's number, or 2 when there is none (a date is
    /// treated the same way, since servers of these APIs send seconds).
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
