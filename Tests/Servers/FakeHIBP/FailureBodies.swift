/// The bodies sent by the `--fail` and `--account-fail` modes, by rate limiting, and for a
/// wrong API key.
enum FailureBodies {
    /// An HTML error page, like the one a CDN or captive portal would return with status 200.
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Temporarily unavailable</title></head>
        <body>
        <h1>Service temporarily unavailable</h1>
        <p>The origin did not respond in time. Please try again in a few minutes.</p>
        </body>
        </html>
        """

    /// Text that looks a little like a range body but has no valid `SUFFIX:COUNT` line.
    static let malformed = [
        "this line has no colon",
        "0018A45C4D1DEF81644B54AB7F969B88D65:not-a-number",
        "0018A45C4D1DEF81644B54AB7F969B88:3",
        "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ:10",
        ":42",
    ].joined(separator: "\r\n")

    /// An account answer cut short in the middle of its first breach.
    static let malformedJSON = #"[{"Name":"Adobe","Title":"Adobe","Domain":"adobe.com","BreachDate":"2013-10-04","DataClasses":["Email addr"#

    /// The text/plain body of a 401 answer to an account request without the right key, as
    /// the real API words it.
    static let invalidAPIKey = "Access denied due to invalid hibp-api-key."

    /// The JSON body of a 429 answer.
    static func rateLimited(retryAfter: Int) -> String {
        "{\"statusCode\": 429, \"message\": \"Rate limit is exceeded. Try again in \(retryAfter) seconds.\"}"
    }
}
