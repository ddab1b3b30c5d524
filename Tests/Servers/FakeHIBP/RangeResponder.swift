import NIOHTTP1

/// Answers `/range/{prefix}` requests (the router hands over only those): rate limiting and
/// failures first, as the range gate decides, then 400 for a prefix that is not five hex
/// digits, else the range, padded when asked.
struct RangeResponder: Sendable {
    static let pathPrefix = "/range/"

    let dataset: BreachDataset
    let gate: RequestGate
    /// Seconds sent in `Retry-After` with a 429.
    let retryAfter: Int

    /// The reply for a GET or HEAD of `path` (without the query).
    func reply(path: String, headers: HTTPHeaders) -> PlannedReply {
        switch gate.admit() {
        case .rateLimited:
            return .tooManyRequests(retryAfter: retryAfter)
        case .fail(let mode):
            return mode.reply(malformed: (FailureBodies.malformed, "text/plain"))
        case .serve:
            break
        }
        guard let prefix = HashPrefix(hexDigits: Array(path.utf8.dropFirst(Self.pathPrefix.utf8.count))) else {
            return .text(.badRequest, "The hash prefix was not in a valid format")
        }
        let known = dataset.entries(for: prefix)
        let entries = Self.wantsPadding(headers) ? PaddingGenerator.padded(known, prefix: prefix) : known
        return .respond(.ok, headers: [("Content-Type", "text/plain")], body: RangeBody.render(entries))
    }

    /// True when the request carries `Add-Padding: true` (value compared without regard to case).
    static func wantsPadding(_ headers: HTTPHeaders) -> Bool {
        headers.first(name: "Add-Padding")?.trimmingSpaces.lowercased() == "true"
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
