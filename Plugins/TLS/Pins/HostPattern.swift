/// The hosts a `--pin HOST=…` applies to: one host (a name or an IP address, lower-cased), or a
/// wildcard `*.example.com`, which stands for exactly one more label (`a.example.com`, neither
/// `example.com` nor `a.b.example.com`), as a wildcard does in a certificate's names.
struct HostPattern: Hashable, Sendable {
    /// The host, or for a wildcard the part after `*.`.
    let name: String
    let isWildcard: Bool

    /// The pattern `text` (an IPv6 address may come in brackets); an error says why it is not one.
    static func parse(_ text: String) throws(HostPatternError) -> HostPattern {
        var name = text.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "/" || $0 == "=" || !$0.isASCII || $0.asciiValue! < 0x21 }) else {
            throw HostPatternError(reason: "expected a host name, an IP address or *.DOMAIN")
        }
        // Pins are kept per host, whatever the port: a pattern with one would never match.
        guard !name.contains(":") || Endpoint.isIPAddress(name) else {
            throw HostPatternError(reason: "give the host without its port (pins hold for every port of a host)")
        }
        guard name.contains("*") else { return HostPattern(name: name, isWildcard: false) }
        let rest = name.dropFirst(2)
        let labels = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard name.hasPrefix("*."), !rest.contains("*") else {
            throw HostPatternError(reason: "a * may only be the whole first label, as in *.example.com")
        }
        guard labels.count >= 2, !labels.contains(where: \.isEmpty) else {
            throw HostPatternError(reason: "a wildcard needs at least two labels after *., as in *.example.com")
        }
        // IP addresses have no wildcards (`wildcard(covering:)` never gives one for them).
        guard !labels.last!.allSatisfy(\.isNumber) else {
            throw HostPatternError(reason: "a wildcard covers host names, not IP addresses")
        }
        return HostPattern(name: String(rest), isWildcard: true)
    }

    /// The wildcard that covers `host`: `*.` and the host without its first label (none for an
    /// IP address or a host of fewer than three labels). It is the only wildcard that can.
    static func wildcard(covering host: String) -> HostPattern? {
        let host = host.lowercased()
        guard !Endpoint.isIPAddress(host), let dot = host.firstIndex(of: "."), dot != host.startIndex else { return nil }
        let parent = host[host.index(after: dot)...]
        let labels = parent.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, !labels.contains(where: \.isEmpty) else { return nil }
        return HostPattern(name: String(parent), isWildcard: true)
    }
}

/// Why a text is not a `HostPattern`.
struct HostPatternError: Error, Equatable {
    let reason: String
}
