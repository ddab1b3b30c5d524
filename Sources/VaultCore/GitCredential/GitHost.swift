
/// A host as git's credential protocol names it: a name or an IP address, in lower case, and the
/// port when the URL gave one (`example.com:8443`, `[::1]:8080`). It names helper entries
/// (`git/HOST`) and is compared with the hosts of entries' URLs.
public struct GitHost: Equatable, Sendable {
    /// The name or address, lower-cased, without a trailing dot; an IPv6 address in brackets.
    public let name: String
    public let port: Int?

    /// The host in `text` (`name`, `name:port`, `[v6]`, `[v6]:port`); nil when it is not one:
    /// empty, or with a space, a slash, an `@`, a `*` (which only an entry's name may hold, as a
    /// wildcard), a control character or a port that is not a number.
    public init?(_ text: String) {
        var name = Substring(text.lowercased()), port: Substring? = nil
        if name.hasPrefix("["), let close = name.firstIndex(of: "]") {
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            port = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "/" || $0 == "@" || $0 == "*" || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            return nil
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), let number = Int(port), number <= 65535 else { return nil }
            self.port = number
        } else {
            self.port = nil
        }
        self.name = String(name)
    }

    private init(name: String, port: Int?) {
        self.name = name
        self.port = port
    }

    /// `name` or `name:port`, as git writes it.
    public var text: String { port.map { "\(name):\($0)" } ?? name }

    /// The port a connection with `scheme` goes to: the one given, else the scheme's usual one
    /// (80 for http, 443 for https), else none.
    public func port(for scheme: String) -> Int? {
        port ?? ["http": 80, "https": 443][scheme]
    }

    /// Whether `other` is the same place for a connection with `scheme`: the same name and the
    /// same port, a port left out standing for the scheme's usual one.
    public func isSame(as other: GitHost, for scheme: String) -> Bool {
        name == other.name && port(for: scheme) == other.port(for: scheme)
    }

    /// The wildcard name that covers this host, with the same port: `*.b.example.com` for
    /// `a.b.example.com` (a `*` stands for one whole label, as in a certificate). None for a
    /// host right below a top-level domain (`*.com` covers nobody's), an IP address or a name
    /// of one label.
    public var wildcard: GitHost? {
        guard !isIPAddress else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 2, !labels.contains(where: \.isEmpty) else { return nil }
        return GitHost(name: "*." + labels.dropFirst().joined(separator: "."), port: port)
    }

    /// Whether the name is an IPv4 or IPv6 address rather than a domain name.
    private var isIPAddress: Bool {
        let bare = name.hasPrefix("[") && name.hasSuffix("]") ? name.dropFirst().dropLast() : name[...]
        return IPAddressLiteral.isIPv4(bare) || IPAddressLiteral.isIPv6(bare)
    }
}
