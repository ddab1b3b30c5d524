import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A host and port to audit, from `HOST`, `HOST:PORT`, `[IPv6]:PORT` or an `https://` URL.
public struct Endpoint: Hashable, Sendable, Comparable {
    /// A DNS name or an IP address, without brackets.
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `host:port`, with brackets around an IPv6 address.
    public var text: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// The Host header's value: the port only when it is not 443.
    var hostHeader: String {
        let host = host.contains(":") ? "[\(self.host)]" : self.host
        return port == 443 ? host : "\(host):\(port)"
    }

    /// Parses what a person types or an entry stores; a path after the host is ignored.
    /// `http://` is refused (there is no TLS to audit); other schemes, user info, spaces and bad
    /// ports are errors.
    public static func parse(_ text: String) throws(EndpointError) -> Endpoint {
        var rest = Substring(text)
        if let schemeEnd = rest.firstRange(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "https" else {
                throw scheme == "http" ? .plainHTTP(text) : .notAnAddress(text, "only https:// addresses have TLS to audit")
            }
            rest = rest[schemeEnd.upperBound...]
        }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.contains("@") { throw .notAnAddress(text, "drop the user name from the address") }
        guard !rest.isEmpty, !rest.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else {
            throw .notAnAddress(text, "expected HOST, HOST:PORT or an https:// URL")
        }
        let (host, port) = try split(rest, original: text)
        return Endpoint(host: host.lowercased(), port: port)
    }

    private static func split(_ text: Substring, original: String) throws(EndpointError) -> (String, Int) {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .notAnAddress(original, "an IPv6 address needs its closing ]") }
            let host = String(text[text.index(after: text.startIndex)..<close])
            guard isIPAddress(host), host.contains(":") else { throw .notAnAddress(original, "\(host) is not an IPv6 address") }
            let after = text[text.index(after: close)...]
            if after.isEmpty { return (host, 443) }
            guard after.hasPrefix(":") else { throw .notAnAddress(original, "expected :PORT after the IPv6 address") }
            return (host, try port(after.dropFirst(), original: original))
        }
        if text.filter({ $0 == ":" }).count > 1 {
            guard isIPAddress(String(text)) else { throw .notAnAddress(original, "write an IPv6 address in brackets: [ADDRESS]:PORT") }
            return (String(text), 443)
        }
        if let colon = text.firstIndex(of: ":") {
            let host = text[..<colon]
            guard !host.isEmpty else { throw .notAnAddress(original, "the host is missing") }
            return (String(host), try port(text[text.index(after: colon)...], original: original))
        }
        return (String(text), 443)
    }

    private static func port(_ text: Substring, original: String) throws(EndpointError) -> Int {
        guard let port = Int(text), (1...65535).contains(port), text.allSatisfy(\.isASCII) else {
            throw .notAnAddress(original, "the port must be a number from 1 to 65535")
        }
        return port
    }

    static func isIPAddress(_ host: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }

    public static func < (a: Endpoint, b: Endpoint) -> Bool { (a.host, a.port) < (b.host, b.port) }
}

/// An address that cannot be audited.
public enum EndpointError: Error, Equatable, Sendable {
    case plainHTTP(String)
    case notAnAddress(String, String)

    public var message: String {
        switch self {
        case .plainHTTP(let text): "\(Self.redacted(text)) is plain HTTP, without TLS to audit; the https:// address may exist"
        case .notAnAddress(let text, let reason): "cannot audit '\(Self.redacted(text))': \(reason)"
        }
    }

    /// An address as it may be shown: the scheme and host only. A user name and password
    /// (everything up to the last `@`, wherever it is) become `…`, and a path, query or fragment
    /// (which may carry a token) becomes `/…`; control characters are escaped.
    static func redacted(_ text: String) -> String {
        let afterScheme = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        var shown = String(text[..<afterScheme])
        var rest = text[afterScheme...]
        if let at = rest.lastIndex(of: "@") {
            shown += "…@"
            rest = rest[rest.index(after: at)...]
        }
        if let end = rest.firstIndex(where: { "/?#".contains($0) }) {
            shown += rest[..<end] + (rest[end...] == "/" ? "/" : "/…")
        } else {
            shown += rest
        }
        return TerminalText.visible(shown)
    }
}
