import VaultCore
import VaultSystem

/// The pins an entry remembers for its sites (trust on first use), in its custom field
/// `tls-pins`: one line per host, `HOST PRIMARY [BACKUP]`, each pin in curl's form
/// `sha256//BASE64`. The primary is the leaf's pin; the backup, that of the CA that issued the
/// leaf (none for a self-signed leaf). Hosts are lower-cased, each listed once, in order.
struct SavedPins: Equatable, Sendable {
    /// The custom field that holds them; not secret, so `vault show` shows it.
    static let fieldName = "tls-pins"

    /// What was saved for one host.
    struct HostPins: Equatable, Sendable {
        let host: String
        let primary: String
        let backup: String?

        /// The line of the field.
        var line: String { ([host, primary] + (backup.map { [$0] } ?? [])).joined(separator: " ") }
    }

    /// In host order.
    private(set) var hosts: [HostPins] = []

    init() {}

    /// The pins `entry` saved: none without the field; an error naming the entry when the field
    /// is not one line per host of `HOST PRIMARY [BACKUP]`.
    init(of entry: Entry) throws(SavedPinsError) {
        guard let field = entry.field(named: Self.fieldName) else { return }
        do {
            self = try SavedPins(parsing: field.value)
        } catch {
            throw .malformed(entry: entry.name, reason: error.reason)
        }
    }

    /// The field's value parsed; a single newline may end it.
    init(parsing text: String) throws(SavedPinsLineError) {
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        guard !body.isEmpty else { throw SavedPinsLineError(reason: "it is empty") }
        for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let pins = try Self.parse(line, number: index + 1)
            guard self[pins.host] == nil else { throw SavedPinsLineError(reason: "line \(index + 1): \(pins.host) is listed twice") }
            save(pins)
        }
    }

    private static func parse(_ line: Substring, number: Int) throws(SavedPinsLineError) -> HostPins {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard (2...3).contains(words.count) else {
            throw SavedPinsLineError(reason: "line \(number): expected HOST PRIMARY-PIN [BACKUP-PIN]")
        }
        guard let host = try? HostPattern.parse(String(words[0])), !host.isWildcard else {
            throw SavedPinsLineError(reason: "line \(number): '\(words[0])' is not a host name or IP address")
        }
        var pins: [String] = []
        for word in words.dropFirst() {
            guard let pin = PinOption.normalized(String(word)) else {
                throw SavedPinsLineError(reason: "line \(number): '\(word)' is not a pin (sha256//BASE64)")
            }
            pins.append(pin)
        }
        return HostPins(host: host.name, primary: pins[0], backup: pins.count > 1 ? pins[1] : nil)
    }

    /// What was saved for `host`, if anything.
    subscript(host: String) -> HostPins? {
        hosts.first { $0.host == host.lowercased() }
    }

    /// Saves `pins`, replacing what its host had.
    mutating func save(_ pins: HostPins) {
        let pins = HostPins(host: pins.host.lowercased(), primary: pins.primary, backup: pins.backup)
        hosts.removeAll { $0.host == pins.host }
        hosts.append(pins)
        hosts.sort { $0.host < $1.host }
    }

    /// The field's value.
    var text: String { hosts.map(\.line).joined(separator: "\n") }
}

/// What is wrong in a `tls-pins` field's value, as a phrase such as "line 2: 'x' is not a pin".
struct SavedPinsLineError: Error, Equatable {
    let reason: String
}
