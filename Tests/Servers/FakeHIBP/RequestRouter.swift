import NIOHTTP1

/// Routes a request by its path: `/range/…` to the range responder, `/api/v3/breachedaccount/…`
/// to the account responder, anything else 404; a method other than GET or HEAD on a known
/// path is 405.
struct RequestRouter: Sendable {
    let ranges: RangeResponder
    let accounts: AccountResponder

    func reply(method: HTTPMethod, uri: String, headers: HTTPHeaders) -> PlannedReply {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let query = parts.count > 1 ? String(parts[1]) : ""
        let isRange = path.hasPrefix(RangeResponder.pathPrefix), isAccount = path.hasPrefix(AccountResponder.pathPrefix)
        guard isRange || isAccount else { return .text(.notFound, "Not Found") }
        guard method == .GET || method == .HEAD else {
            return .respond(
                .methodNotAllowed,
                headers: [("Content-Type", "text/plain"), ("Allow", "GET, HEAD")],
                body: Array("Method Not Allowed".utf8))
        }
        return isRange ? ranges.reply(path: path, headers: headers) : accounts.reply(path: path, query: query, headers: headers)
    }
}
