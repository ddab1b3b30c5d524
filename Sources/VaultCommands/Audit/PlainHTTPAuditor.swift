import VaultCLI
import VaultKit

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

    /// `http://HOST[:PORT]` of a plain-HTTP URL (without any user information, path or query),
    /// or nil for any other URL.
    static func plainSite(_ url: String) -> String? {
        guard url.lowercased().hasPrefix("http://") else { return nil }
        let authority = url.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return host.isEmpty ? nil : "http://" + host.lowercased()
    }
}
