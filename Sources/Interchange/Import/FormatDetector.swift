import FoundationEssentials
import VaultCore
import VaultSystem

/// Tells which format a file is in from its content, for `vault import` without `--format`:
/// a ZIP archive is 1Password's 1PUX, JSON is told apart by its members, XML by its root, CSV
/// by its header line. What matches nothing, or more than one format, is refused with the candidates.
public enum FormatDetector {
    public static func format(of bytes: [UInt8]) throws(InterchangeError) -> ImportFormat {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let content = bytes[start...]
        if content.isEmpty { throw .empty }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .onePasswordPUX }
        switch content.first {
        case UInt8(ascii: "{"):
            struct Probe: Decodable {
                var format: String?
                var items: [Ignored]?
                var encrypted: Bool?
                struct Ignored: Decodable {}
            }
            let probe = try? JSONDecoder().decode(Probe.self, from: Data(content))
            if probe?.format != ExportDocument.formatName && (probe?.items != nil || probe?.encrypted != nil) { return .bitwardenJSON }
            // Any other JSON is read as vault's own export, whose reader says what is wrong.
            return .vaultJSON
        case UInt8(ascii: "<"):
            let head = String(decoding: content.prefix(4096), as: UTF8.self)
            if head.contains("<KeePassFile") { return .keepassXML }
            throw .unknownFormat(candidates: [.keepassXML])
        default:
            return try csvFormat(of: Array(content))
        }
    }

    /// The CSV formats by their header columns (compared without case and surrounding spaces).
    static let csvHeaders: [(ImportFormat, required: Set<String>)] = [
        (.bitwardenCSV, ["type", "name", "login_uri", "login_username", "login_password"]),
        (.keepassxcCSV, ["group", "title", "username", "password", "url", "notes"]),
        (.lastpassCSV, ["url", "username", "password", "extra", "name", "grouping"]),
        (.firefoxCSV, ["url", "username", "password", "httprealm", "formactionorigin"]),
        (.chromeCSV, ["name", "url", "username", "password"]),
    ]

    private static func csvFormat(of bytes: [UInt8]) throws(InterchangeError) -> ImportFormat {
        let candidates = csvHeaders.map(\.0)
        // Only the first record is needed: read up to the first line break outside quotes.
        guard let header = try? CSVReader.records(in: Array(firstRecord(of: bytes))).first else {
            throw .unknownFormat(candidates: candidates)
        }
        let columns = Set(header.fields.map { $0.trimmingCharacters(while: \.isWhitespace).lowercased() })
        let candidatesMatching = csvHeaders.filter { $0.required.isSubset(of: columns) }
        // A format whose columns include another's is the more specific one.
        let matches = candidatesMatching.filter { match in
            !candidatesMatching.contains { $0.required != match.required && match.required.isSubset(of: $0.required) }
        }
        switch matches.count {
        case 1: return matches[0].0
        case 0: throw .unknownFormat(candidates: candidates)
        default: throw .ambiguous(matches.map(\.0))
        }
    }

    private static func firstRecord(of bytes: [UInt8]) -> ArraySlice<UInt8> {
        var quoted = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (byte == 0x0A || byte == 0x0D) { return bytes[..<index] }
        }
        return bytes[...]
    }
}
