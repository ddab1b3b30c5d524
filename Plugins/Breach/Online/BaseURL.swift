/// The base URL of an API the breach check asks (`--api-url`, `--accounts-api-url`): checked
/// once, and shown in messages without any `user:password@` it holds.
enum BaseURL {
    /// `url` without a trailing slash, if it is an http or https URL with a host and without
    /// query or fragment; else the error `refusal` makes of the URL (credentials taken out).
    static func normalized(_ url: String, refusal: (String) -> BreachError) throws(BreachError) -> String {
        var base = Substring(url)
        while base.hasSuffix("/") { base = base.dropLast() }
        let lower = base.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !base.contains("?"), !base.contains("#"),
              !base.contains(where: { $0.isWhitespace }), !host(of: String(base)).isEmpty else {
            throw refusal(withoutCredentials(url))
        }
        return String(base)
    }

    /// The host (and port) of a URL, without any user:password@, for messages; empty when
    /// there is none.
    static func host(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return "" }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return hostAndPort.prefix { $0 != ":" }.isEmpty ? "" : String(hostAndPort)
    }

    /// `url` with any user:password@ taken out, for messages.
    static func withoutCredentials(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
    }
}
