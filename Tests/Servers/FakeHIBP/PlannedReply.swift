import NIOHTTP1

/// What the connection handler should do for one request.
enum PlannedReply {
    /// Send this status with these headers (Content-Length is added by the handler) and body.
    case respond(HTTPResponseStatus, headers: [(String, String)], body: [UInt8])
    /// Close the connection without a response.
    case close
    /// Send nothing and keep the connection open.
    case hang

    /// A response with a Content-Type and a text body.
    static func text(_ status: HTTPResponseStatus, _ body: String, type: String = "text/plain") -> PlannedReply {
        .respond(status, headers: [("Content-Type", type)], body: Array(body.utf8))
    }

    /// A 429 with `Retry-After` and the JSON body the real APIs send.
    static func tooManyRequests(retryAfter: Int) -> PlannedReply {
        .respond(.tooManyRequests, headers: [("Content-Type", "application/json"), ("Retry-After", String(retryAfter))],
                 body: Array(FailureBodies.rateLimited(retryAfter: retryAfter).utf8))
    }
}
