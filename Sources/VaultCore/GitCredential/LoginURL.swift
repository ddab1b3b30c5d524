import FoundationEssentials

/// Where an entry's URL says its login is used, in the parts git's credential protocol compares:
/// the scheme (`https` when the URL has none, as a browser assumes), the host and port, and the
/// path without its slashes, query or fragment. User information before an `@` is dropped.
struct LoginURL: Equatable {
    let scheme: String
    let host: GitHost
    let path: String

    /// The parts of `url`; nil when it names no usable host.
    init?(_ url: String) {
        var rest = Substring(url.trimmingCharacters(while: \.isBlank))
        if let separator = rest.firstRange(of: "://") {
            scheme = rest[..<separator.lowerBound].lowercased()
            rest = rest[separator.upperBound...]
        } else {
            scheme = "https"
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let afterAuthority = rest[authority.endIndex...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !scheme.isEmpty, let host = GitHost(String(authority)) else { return nil }
        self.host = host
        path = Self.comparable(String(afterAuthority.prefix { $0 != "?" && $0 != "#" }))
    }

    /// A path as paths are compared: without surrounding slashes and a final `.git`, so that
    /// `owner/repo.git` (what git sends) and `/owner/repo/` (a web address) are the same.
    static func comparable(_ path: String) -> String {
        let trimmed = path.split(separator: "/").joined(separator: "/")
        return trimmed.hasSuffix(".git") ? String(trimmed.dropLast(4)) : trimmed
    }

    /// Whether a login at this URL is used for `path` on its host: the URL has a path, and it
    /// is `path` or a folder above it (`group` for `group/repo.git`).
    func covers(path other: String) -> Bool {
        let other = Self.comparable(other)
        return !path.isEmpty && (other == path || other.hasPrefix(path + "/"))
    }
}
