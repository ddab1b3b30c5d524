import VaultCLI
import VaultCore
import VaultSystem

/// The core's check for entries whose password goes to a site over plain HTTP (Bitwarden's
/// "unsecured websites"): one finding per entry, naming each such site by its scheme and host
/// only, as the rest of a URL may carry a name, a password or a token. It needs no network.
struct PlainHTTPAuditor: EntryAuditor {
    static let plainHTTP = AuditKind(
        id: "plain-http", severity: .finding, title: "sites over plain HTTP",
        explanation: "a URL of the entry is http://, so the password would cross the network unencrypted, "
            + "readable and changeable by anyone on the way; use the site's https address")

    var kinds: [AuditKind] { [Self.plainHTTP] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage { .checked }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        var findings: [EntryFinding] = []
        for entry in vault.entries where entry.password != nil {
            let sites = entry.urls.compactMap(Self.plainSite)
            guard !sites.isEmpty else { continue }
            findings.append(EntryFinding(
                Self.plainHTTP, entry: entry.name,
                message: "\(sites.joined(separator: ", ")) \(sites.count == 1 ? "is" : "are") plain HTTP: the password would cross the network unencrypted",
                details: ["sites": .texts(sites)]))
        }
        return AuditContribution(findings: findings)
    }

    /// `http://HOST[:PORT]` of a plain-HTTP URL, or nil for any other URL. The authority runs
    /// to the first `/`, `?` or `#`; an `@` after that cannot be told from user information
    /// holding one of them, so the site is then shown as `http://…`, as it is when what is left
    /// after the last `@` of the authority does not look like a host and a port.
    static func plainSite(_ url: String) -> String? {
        guard url.lowercased().hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !rest.dropFirst(authority.count).contains("@") else { return "http://…" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !authority.isEmpty else { return nil }
        let host = authority.lowercased()
        return "http://" + (looksLikeHostAndPort(host) ? host : "…")
    }

    /// `name`, `name:port`, `[v6]` or `[v6]:port`, in letters, digits, `-`, `.` and `:`.
    private static func looksLikeHostAndPort(_ authority: String) -> Bool {
        var host = Substring(authority), port: Substring = ""
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            port = authority[authority.index(after: close)...]
            guard port.isEmpty || port.hasPrefix(":") else { return false }
            port = port.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            (host, port) = (authority[..<colon], authority[authority.index(after: colon)...])
        }
        return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.:".contains($0)) }
            && port.allSatisfy(\.isNumber)
    }
}
