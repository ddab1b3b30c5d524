/// What the auditor got when it asked the site for `/`: each request's path and status, the
/// grades of the last response's security headers, or why there is none.
public struct HeaderReport: Sendable {
    /// One request: the path asked for and the status answered.
    public struct Step: Sendable, Equatable {
        public let path: String
        public let status: Int
    }

    public var steps: [Step] = []
    public var grades: [HeaderGrade] = []
    /// Why the grades stop short: a redirect to another host that was not followed, or a
    /// request that failed.
    public var note: String?
}

/// Fetches `/` over the audited connection and follows up to `limit` redirects that stay on the
/// same host and port (each over a new connection made the same way), then grades the headers
/// of the last response.
struct HeaderFetch: Sendable {
    let endpoint: Endpoint
    let plan: ConnectionPlan
    static let limit = 3

    func run(first connection: TLSConnection) async -> HeaderReport {
        var report = HeaderReport()
        var connection = connection
        var path = "/"
        while true {
            let response: HTTPResponseSummary
            do {
                response = try await connection.fetchHead(path: path, hostHeader: endpoint.hostHeader, timeout: plan.timeout)
            } catch {
                report.note = error.message
                return report
            }
            report.steps.append(HeaderReport.Step(path: path, status: response.status))
            report.grades = SecurityHeaders.grade(response)
            guard (300...399).contains(response.status), let location = response.value(of: "Location") else { return report }
            guard let next = sameSitePath(location, from: path) else {
                report.note = "redirects to \(location), which is not on \(endpoint.text): the headers are those of the redirect"
                return report
            }
            guard report.steps.count <= Self.limit else {
                report.note = "more than \(Self.limit) redirects: the headers are those of the last one"
                return report
            }
            do {
                connection = try await TLSConnection.open(plan)
            } catch {
                report.note = "the redirect to \(next) could not be followed: \(error.reason.message)"
                return report
            }
            path = next
        }
    }

    /// The path of a redirect target on the same host and port: an absolute path, a path
    /// relative to `current`'s folder, or an https URL (or scheme-relative one) naming this
    /// endpoint.
    func sameSitePath(_ location: String, from current: String = "/") -> String? {
        if location.hasPrefix("/") && !location.hasPrefix("//") { return location }
        if !location.contains("://") && !location.hasPrefix("//") && !location.contains(":") {
            let folder = current.split(separator: "?", maxSplits: 1).first.map { $0[...($0.lastIndex(of: "/") ?? $0.startIndex)] } ?? "/"
            return String(folder.isEmpty ? "/" : folder) + location
        }
        let absolute = location.hasPrefix("//") ? "https:" + location : location
        guard absolute.lowercased().hasPrefix("https://"), let target = try? Endpoint.parse(absolute), target == endpoint else {
            return nil
        }
        let afterScheme = absolute.dropFirst("https://".count)
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = String(afterScheme[slash...])
        return rest.hasPrefix("?") ? "/" + rest : rest
    }
}
