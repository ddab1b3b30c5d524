import FoundationEssentials

/// Finds the entry whose login answers git's request, in this order (the URL with its path,
/// then the host, then a wildcard the user named for it):
///
/// 1. the helper's entries for the host and path: `git/USER@HOST/PATH`, `git/HOST/PATH` (only
///    when git sent a path), `git/USER@HOST`, `git/HOST`;
/// 2. other entries with a URL of git's protocol on the host whose path is the path git sent or
///    a folder above it (only when git sent a path);
/// 3. other entries with a URL of git's protocol on the host;
/// 4. the helper's entries `git/USER@*.DOMAIN` and `git/*.DOMAIN` for a host one label below
///    DOMAIN (never a bare top-level domain), same port.
///
/// The host (and port) must be git's exactly, as git's own `credential-store` matches: a login
/// for `example.com` is never given to `evil.example.com`, nor to `example.com:8443`. A
/// subdomain someone else controls (a taken-over name, a host for users' pages) would receive
/// the token, and could then have it erased; only an entry whose name says `*.` answers for the
/// hosts below a domain.
///
/// A URL without a scheme counts as https; a port left out is the protocol's usual one. Entries
/// named `git/…` are found by their names, and answer only for the scheme of their URLs (https
/// when they have none), so that a login made over https is never sent over http. At every step an entry is passed over when it
/// has no password, when its password has expired (`password_expiry_utc`), or when git sent a
/// username and the entry has another. When several entries match at one step, the one with the
/// longest matching path wins, then one whose username is the one git sent, then the first by name.
public struct GitCredentialLookup {
    let request: GitCredential
    let now: Date

    public init(request: GitCredential, now: Date) {
        self.request = request
        self.now = now
    }

    /// An entry and the URLs it is used at.
    private struct Login {
        let entry: Entry
        let urls: [LoginURL]
    }

    /// The entry that answers the request; nil when none does, or git sent no protocol or host.
    public func answer(in entries: EntryTable) throws -> Entry? {
        guard let host = request.gitHost, let scheme = request.protocolName?.lowercased(), !scheme.isEmpty else { return nil }
        let path = request.trimmedPath
        if let path, let found = try named(host, path: path, scheme: scheme, in: entries) { return found }
        if let found = try named(host, path: nil, scheme: scheme, in: entries) { return found }
        let logins = try entries.allEntries()
            .filter { !GitCredentialNames.isHelperName($0.name) && usable($0) }
            .map { Login(entry: $0, urls: $0.urls.compactMap(LoginURL.init).filter { $0.scheme == scheme }) }
        if let path, let found = best(of: logins, { url in url.host.isSame(as: host, for: scheme) && url.covers(path: path) ? url.path.count : nil }) {
            return found
        }
        if let found = best(of: logins, { url in url.host.isSame(as: host, for: scheme) ? 0 : nil }) { return found }
        guard let wildcard = host.wildcard else { return nil }
        return try named(wildcard, path: nil, scheme: scheme, in: entries)
    }

    /// The first usable helper entry for `host` and `path`.
    private func named(_ host: GitHost, path: String?, scheme: String, in entries: EntryTable) throws -> Entry? {
        for name in GitCredentialNames(host: host, path: path, username: request.username).lookupOrder {
            if let entry = try entries.entry(named: name), usable(entry), Self.serves(entry, scheme: scheme) { return entry }
        }
        return nil
    }

    /// Whether a helper entry answers for `scheme`: one of its URLs has it, or it has no URL and
    /// `scheme` is https.
    static func serves(_ entry: Entry, scheme: String) -> Bool {
        let schemes = entry.urls.compactMap(LoginURL.init).map(\.scheme)
        return schemes.isEmpty ? scheme == "https" : schemes.contains(scheme)
    }

    /// Whether `entry` can answer: it has a password that has not expired, and no username other
    /// than the one git sent.
    private func usable(_ entry: Entry) -> Bool {
        guard let password = entry.password, !password.isEmpty, !entry.gitPasswordHasExpired(at: now) else { return false }
        guard let wanted = request.username, let username = entry.username else { return true }
        return username == wanted
    }

    /// The login with a URL that `score` rates (higher is closer; nil is no match), ties settled
    /// as the type's comment says.
    private func best(of logins: [Login], _ score: (LoginURL) -> Int?) -> Entry? {
        let rated = logins.compactMap { login -> (Entry, Int)? in login.urls.compactMap(score).max().map { (login.entry, $0) } }
        return rated.min { first, second in
            if first.1 != second.1 { return first.1 > second.1 }
            let (firstOwn, secondOwn) = (first.0.username == request.username, second.0.username == request.username)
            if firstOwn != secondOwn { return firstOwn }
            return first.0.name.utf8.lexicographicallyPrecedes(second.0.name.utf8)
        }?.0
    }
}
