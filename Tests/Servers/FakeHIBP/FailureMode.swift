import ArgumentParser
import NIOHTTP1

/// How a range request fails under `--fail`, or an account request under `--account-fail`.
enum FailureMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// 200 with an HTML error page (text/html), as a captive portal or CDN error page would send.
    case html
    /// 200 with a body of the wrong shape: lines that are not `SUFFIX:COUNT` for a range, JSON
    /// cut short for an account.
    case malformed
    /// 500 Internal Server Error.
    case status500
    /// Close the connection without answering.
    case close
    /// Never answer and keep the connection open.
    case hang

    /// The reply of this failure; `malformed` is the body (and its type) of the `malformed` mode.
    func reply(malformed: (body: String, type: String)) -> PlannedReply {
        switch self {
        case .html: return .text(.ok, FailureBodies.html, type: "text/html; charset=utf-8")
        case .malformed: return .text(.ok, malformed.body, type: malformed.type)
        case .status500: return .text(.internalServerError, "Internal Server Error")
        case .close: return .close
        case .hang: return .hang
        }
    }
}
