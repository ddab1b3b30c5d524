import ArgumentParser

/// How a range request fails under `--fail`.
enum FailureMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// 200 with an HTML error page (text/html), as a captive portal or CDN error page would send.
    case html
    /// 200 text/plain whose lines are not `SUFFIX:COUNT`.
    case malformed
    /// 500 Internal Server Error.
    case status500
    /// Close the connection without answering.
    case close
    /// Never answer and keep the connection open.
    case hang
}
