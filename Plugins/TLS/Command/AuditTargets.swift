import VaultCLI
import VaultCore
import VaultSystem

/// The endpoints a run audits, each with the entries whose URLs name it (none for a target
/// given on the command line), in a stable order and each endpoint once.
struct AuditTargets {
    private(set) var endpoints: [Endpoint] = []
    private(set) var entriesByEndpoint: [Endpoint: [String]] = [:]

    init(single endpoint: Endpoint) {
        endpoints = [endpoint]
    }

    /// The endpoints of the entries' URLs. A URL that cannot be audited (plain HTTP, another
    /// scheme, a malformed one) gets a note (through `notice`) and is passed over; plain HTTP
    /// gets none without `notingPlainHTTP` (`vault audit` reports it as a finding of its own).
    init(entries: [Entry], notingPlainHTTP: Bool = true, notice: (String) -> Void) {
        for entry in entries {
            for url in entry.urls {
                do {
                    add(try Endpoint.parse(url), entry: entry.name)
                } catch .plainHTTP where !notingPlainHTTP {
                    continue
                } catch {
                    notice("\(TerminalText.visible(entry.name)): \(error.message); passed over")
                }
            }
        }
        endpoints.sort()
    }

    private mutating func add(_ endpoint: Endpoint, entry: String) {
        if entriesByEndpoint[endpoint] == nil { endpoints.append(endpoint) }
        if entriesByEndpoint[endpoint, default: []].last != entry { entriesByEndpoint[endpoint, default: []].append(entry) }
    }
}
