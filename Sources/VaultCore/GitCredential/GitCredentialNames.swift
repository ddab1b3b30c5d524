/// The names of the entries the git credential helper keeps for a host (and a path): `git/HOST`,
/// `git/HOST/PATH` when git sends a path (`credential.useHttpPath`), and for a second account on
/// a host whose `git/HOST` is another user's, `git/USER@HOST` or `git/USER@HOST/PATH`.
public struct GitCredentialNames: Equatable, Sendable {
    /// What every name the helper keeps begins with.
    public static let prefix = "git/"

    /// `git/HOST[/PATH]` (in NFC, as entry names are).
    public let shared: String
    /// `git/USER@HOST[/PATH]`, when git sent a username that can be part of a name (one
    /// without a slash, which would read as a path).
    public let personal: String?

    /// The names for `host`, `path` (as `GitCredential.trimmedPath` gives it) and `username`.
    public init(host: GitHost, path: String?, username: String?) {
        let place = host.text + (path.map { "/" + $0 } ?? "")
        shared = (Self.prefix + place).nfcNormalized
        personal = username.flatMap { $0.isEmpty || $0.contains("/") ? nil : (Self.prefix + $0 + "@" + place).nfcNormalized }
    }

    /// The names to look up, in order: the user's own first. A name that cannot be an entry's
    /// (a path with control characters, say) is left out.
    public var lookupOrder: [String] { [personal, shared].compactMap { $0.flatMap { try? EntryName.normalized($0) } } }

    /// Whether `name` is one the helper keeps (and so may change).
    public static func isHelperName(_ name: String) -> Bool { name.hasPrefix(prefix) }
}
