/// A credential description in git's credential protocol (git-credential(1), "INPUT/OUTPUT
/// FORMAT"): what git asks a helper about (`get`), or tells it worked (`store`) or was refused
/// (`erase`). Only the attributes vault uses are kept; git's others (`url`, `wwwauth[]`,
/// `capability[]`, `state[]`, …) are read past.
public struct GitCredential: Equatable, Sendable {
    /// `https`, `http`, … as git sends it.
    public var protocolName: String?
    /// The host and, when the URL had one, its port: `example.com:8443`.
    public var host: String?
    /// The path on the host, sent only when `credential.useHttpPath` is set.
    public var path: String?
    public var username: String?
    public var password: String?
    /// When the password stops working, in seconds since 1970 (UTC).
    public var passwordExpiry: Int64?

    public init(
        protocolName: String? = nil, host: String? = nil, path: String? = nil, username: String? = nil,
        password: String? = nil, passwordExpiry: Int64? = nil
    ) {
        self.protocolName = protocolName
        self.host = host
        self.path = path
        self.username = username
        self.password = password
        self.passwordExpiry = passwordExpiry
    }

    /// The host git named, parsed; nil when git sent none or an unusable one.
    public var gitHost: GitHost? { host.flatMap(GitHost.init) }

    /// The path without its surrounding slashes, or nil when git sent none (or only slashes).
    public var trimmedPath: String? {
        let parts = (path ?? "").split(separator: "/")
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The attributes that are set, as `key=value` lines in the protocol's order, each ending in
    /// a newline: what `get` answers. A value with a line break (`\n` or `\r`) or a NUL, which the
    /// protocol cannot carry (it would end the attribute early, or start another), is refused.
    public func encoded(entry: String) throws(GitCredentialError) -> String {
        let attributes: [(String, String?)] = [
            ("protocol", protocolName), ("host", host), ("path", path), ("username", username), ("password", password),
            ("password_expiry_utc", passwordExpiry.map { String($0) }),
        ]
        var text = ""
        for case let (key, value?) in attributes {
            guard !value.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else {
                throw .unsendable(entry: entry, part: key)
            }
            text += "\(key)=\(value)\n"
        }
        return text
    }
}
