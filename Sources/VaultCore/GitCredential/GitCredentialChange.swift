import FoundationEssentials

/// What git's `store` and `erase` do to the vault, worked out from the entries as they are:
/// the entry to put, or nil when nothing changes. Only entries named `git/…` are ever changed;
/// a person's own logins, found by their URLs, are read and never written.
///
/// - `store` (git logged in with this login): nothing when the entry that would answer the
///   request already holds this password and username (and expiry). Otherwise the helper's
///   entry for the host and path is updated, or made: `git/HOST[/PATH]`, or `git/USER@HOST[/PATH]`
///   when that one exists or `git/HOST[/PATH]` is another user's. A replaced password goes to
///   the entry's history, the username is set, and git's `password_expiry_utc` is kept in a
///   field of that name (removed when git sent none). A new entry gets the URL git used. A
///   login over http never replaces an entry that serves another protocol; one over https
///   replaces an http entry's login and URL.
/// - `erase` (the server refused this login): when the entry that answers the request is one
///   of the helper's and holds exactly the password git sent, the password moves to the
///   entry's history and its expiry is removed; the entry stays. A refusal of an older password
///   leaves a newer one alone.
public enum GitCredentialChange {
    /// The entry `store` puts for `request`, or nil when there is nothing to change or nothing
    /// to store (no protocol, host or password).
    public static func store(_ request: GitCredential, in entries: EntryTable, now: Date) throws -> Entry? {
        guard let host = request.gitHost, let scheme = request.protocolName?.lowercased(), !scheme.isEmpty,
              let password = request.password, !password.isEmpty else { return nil }
        let answer = try GitCredentialLookup(request: request, now: now).answer(in: entries)
        if let answer, answer.password == password, request.username == nil || answer.username == request.username,
           !GitCredentialNames.isHelperName(answer.name) || answer.gitPasswordExpiry == request.passwordExpiry {
            return nil
        }
        let path = request.trimmedPath
        let names = GitCredentialNames(host: host, path: path, username: request.username)
        let name = try EntryName.normalized(targetName(names, username: request.username, in: entries))
        let now = now.toTheSecond
        let url = "\(scheme)://\(host.text)" + (path.map { "/" + $0 } ?? "")
        guard var entry = try entries.entry(named: name) else {
            var made = Entry(name: name, username: request.username, password: password, urls: [url], created: now)
            made.setGitPasswordExpiry(request.passwordExpiry)
            return made
        }
        let before = entry
        if !GitCredentialLookup.serves(entry, scheme: scheme) {
            // A login over plain http never replaces one kept for another protocol; one over
            // https replaces a plain-http one, and the entry then answers for https alone.
            guard scheme == "https" else { return nil }
            entry.urls = [url]
        }
        entry.changePassword(to: password, at: now)
        entry.username = request.username ?? entry.username
        entry.setGitPasswordExpiry(request.passwordExpiry)
        guard entry != before else { return nil }
        entry.modified = now
        return entry
    }

    /// The name `store` writes: the user's own when it exists already or the shared one belongs
    /// to another user, else the shared one.
    private static func targetName(_ names: GitCredentialNames, username: String?, in entries: EntryTable) throws -> String {
        if let personal = names.personal, entries.contains(personal) { return personal }
        guard let username, let holder = try entries.entry(named: names.shared)?.username, holder != username else {
            return names.shared
        }
        guard let personal = names.personal else { throw GitCredentialError.otherUsersLogin(entry: names.shared) }
        return personal
    }

    /// The entry `erase` puts for `request`, or nil when the answering entry is not the
    /// helper's or does not hold the password git sent (or git sent none).
    public static func erase(_ request: GitCredential, in entries: EntryTable, now: Date) throws -> Entry? {
        guard let password = request.password, !password.isEmpty,
              var entry = try GitCredentialLookup(request: request, now: now).answer(in: entries),
              GitCredentialNames.isHelperName(entry.name), entry.password == password else { return nil }
        let now = now.toTheSecond
        entry.removePassword(at: now)
        entry.setGitPasswordExpiry(nil)
        entry.modified = now
        return entry
    }
}
