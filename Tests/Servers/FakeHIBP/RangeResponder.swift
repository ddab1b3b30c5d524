import NIOHTTP1

/// Routes a request and works out its reply: the range API, rate limiting, failures, 400 and 404.
struct RangeResponder: Sendable {
    let dataset: BreachDataset
    let gate: RangeRequestGate
    /// Seconds sent in `Retry-After` with a 429.
    let retryAfter: Int

    private static let rangePath = "/range/"

    func reply(method: HTTPMethod, uri: String, headers: HTTPHeaders) -> PlannedReply {
        let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? uri
        guard path.hasPrefix(Self.rangePath) else {
            return .text(.notFound, "Not Found")
        }
        guard method == .GET || method == .HEAD else {
            return .respond(
                .methodNotAllowed,
                headers: [("Content-Type", "text/plain"), ("Allow", "GET, HEAD")],
                body: Array("Method Not Allowed".utf8))
        }
        switch gate.admit() {
        case .rateLimited:
            return .respond(
                .tooManyRequests,
                headers: [("Content-Type", "application/json"), ("Retry-After", String(retryAfter))],
                body: Array(FailureBodies.rateLimited(retryAfter: retryAfter).utf8))
        case .fail(let mode):
            return failure(mode)
        case .serve:
            break
        }
        guard let prefix = HashPrefix(hexDigits: Array(path.utf8.dropFirst(Self.rangePath.utf8.count))) else {
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

    private func failure(_ mode: FailureMode) -> PlannedReply {
        switch mode {
        case .html: return .text(.ok, FailureBodies.html, type: "text/html; charset=utf-8")
        case .malformed: return .text(.ok, FailureBodies.malformed)
        case .status500: return .text(.internalServerError, "Internal Server Error")
        case .close: return .close
        case .hang: return .hang
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
