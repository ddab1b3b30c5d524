import AsyncHTTPClient
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Asks Have I Been Pwned's breached-account API (v3) about one address:
/// `GET {base}/breachedaccount/{address}?truncateResponse=false` with the `hibp-api-key`
/// header and a User-Agent. 200 lists the breaches, 404 means none; 401 (a wrong key), 403, and
/// every other status or a body that is not a list of breaches are errors, never a "not found".
/// A 429 is waited out within the run's `RetryBudget` (`APIExchange`). The key goes in its
/// header only: no message, and no URL, holds it.
struct AccountClient: Sendable {
    static let defaultBaseURL = "https://haveibeenpwned.com/api/v3"
    /// The 429 waits of a whole run. The API limits requests per key (10 a minute on the
    /// smallest subscription), so a run over many addresses waits far more than a range check.
    static let retrySeconds = 300
    /// Even an address in hundreds of breaches gets well under a megabyte.
    static let maximumBody = 8 * 1024 * 1024

    let baseURL: String
    let apiKey: APIKey
    let exchange: APIExchange

    /// `url` without a trailing slash, if it is an http or https URL with a host and without
    /// query or fragment, and plain http only to a server on this machine (a test server, a
    /// local mirror): anywhere else the API key would cross the network in clear.
    static func normalized(_ url: String) throws(BreachError) -> String {
        let base = try BaseURL.normalized(url, refusal: BreachError.badAccountsURL)
        if base.lowercased().hasPrefix("http://") && !isLoopback(BaseURL.host(of: base)) {
            throw .plainAccountsURL(BaseURL.withoutCredentials(url))
        }
        return base
    }

    /// Whether `hostAndPort` names this machine: `localhost`, an IPv4 address in 127.0.0.0/8
    /// or `[::1]` (addresses read as addresses, so `127.0.0.1.example` is not one).
    static func isLoopback(_ hostAndPort: String) -> Bool {
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return false }
            let after = hostAndPort[hostAndPort.index(after: close)...]
            guard after.isEmpty || (after.first == ":" && after.dropFirst().allSatisfy(\.isNumber)) else { return false }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]), &v6) == 1 else { return false }
            return withUnsafeBytes(of: &v6) { Array($0) } == [UInt8](repeating: 0, count: 15) + [1]
        }
        let host = String(hostAndPort.prefix { $0 != ":" })
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        return inet_pton(AF_INET, host, &v4) == 1 && UInt32(bigEndian: v4.s_addr) >> 24 == 127
    }

    /// The breaches `address` was found in; empty when it was not found.
    func breaches(of address: String) async throws -> [AccountBreach] {
        var request = HTTPClientRequest(url: baseURL + "/breachedaccount/" + Self.pathSegment(address) + "?truncateResponse=false")
        request.headers.add(name: "hibp-api-key", value: apiKey.value)
        request.headers.add(name: "User-Agent", value: RangeClient.userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        let answer = try await exchange.get(request, host: BaseURL.host(of: baseURL), maximumBody: Self.maximumBody,
                                            tooLarge: .accountAnswerTooLarge(account: address))
        switch answer.status.code {
        case 200: return try AccountBreach.list(from: answer.body, account: address)
        case 404: return []
        case 401: throw BreachError.invalidAPIKey(entry: apiKey.entry)
        case 403: throw BreachError.forbidden(account: address)
        default: throw BreachError.accountHTTPStatus(Int(answer.status.code), reason: answer.status.reasonPhrase, account: address)
        }
    }

    /// The address as one path segment: every byte but letters, digits and `-._~@` written as
    /// `%XX` (so `+` goes as `%2B`, which a server would otherwise read as a space).
    static func pathSegment(_ address: String) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var segment = ""
        for byte in address.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                segment.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                segment.unicodeScalars.append("%")
                segment.unicodeScalars.append(digits[Int(byte >> 4)])
                segment.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return segment
    }
}
