import FoundationEssentials

/// Reads and checks a whole `vault-export` document before anything is imported, and explains
/// the first problem by entry number, name and field.
public enum ExportReader {
    public static func entries(from data: Data) throws(ImportError) -> [ExportedEntry] {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch let error as DecodingError {
            throw .notJSON(DecodingErrorText.describe(error))
        } catch {
            throw .notJSON(String(describing: error))
        }
        guard header.format == ExportDocument.formatName else { throw .wrongFormat(header.format ?? "missing") }
        guard let version = header.version, version >= 1 else { throw .missingVersion }
        guard version <= ExportDocument.currentVersion else { throw .newerVersion(version) }

        let document: ExportDocument
        do {
            let decoder = EntryJSON.decoder()
            decoder.userInfo[ExportedEntry.filesElsewhereKey] = true
            document = try decoder.decode(ExportDocument.self, from: data)
        } catch let error as DecodingError {
            throw problem(in: error, names: header.names)
        } catch {
            throw .notJSON(String(describing: error))
        }
        var seen = Set<String>()
        var entries: [ExportedEntry] = []
        for (index, exported) in document.entries.enumerated() {
            var entry = exported.entry
            do {
                entry.name = try EntryName.normalized(entry.name)
            } catch {
                throw .invalidEntry(index: index, name: entry.name, why: error.message)
            }
            do {
                try FieldName.validate(entry.fields.map(\.name))
            } catch {
                throw .invalidEntry(index: index, name: entry.name, why: error.message)
            }
            if let otp = entry.otp {
                do {
                    _ = try OTPAuthURI.parse(otp)
                } catch {
                    throw .invalidEntry(index: index, name: entry.name, why: "field otp: \(error.message)")
                }
            }
            guard seen.insert(entry.name).inserted else { throw .duplicate(entry.name) }
            // An import is a change of its own: stamps in the file (which exports never write)
            // are not taken, or a file could date its values ahead of every later change.
            entry.clocks = [:]
            entries.append(ExportedEntry(entry: entry, files: exported.files))
        }
        return entries
    }

    /// Just enough of the document to check its format and to name entries in messages.
    private struct Header: Decodable {
        struct Named: Decodable { var name: String? }
        var format: String?
        var version: Int?
        var entries: [Named]?
        var names: [String?] { entries?.map(\.name) ?? [] }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            format = try? container.decodeIfPresent(String.self, forKey: .format)
            version = try? container.decodeIfPresent(Int.self, forKey: .version)
            entries = try? container.decodeIfPresent([Named].self, forKey: .entries)
        }

        enum CodingKeys: String, CodingKey { case format, version, entries }
    }

    private static func problem(in error: DecodingError, names: [String?]) -> ImportError {
        let path = DecodingErrorText.path(of: error)
        guard path.count >= 2, path[0].stringValue == "entries", let index = path[1].intValue else {
            let field = path.map(\.stringValue).joined(separator: ".")
            // The JSON itself parsed (the header did), so this is a value of the wrong kind.
            let what = field.isEmpty ? "a value is malformed (dates look like 2026-01-31T12:00:00Z)" : "'\(field)': \(DecodingErrorText.describe(error))"
            return .invalidDocument(what)
        }
        let field = path.dropFirst(2).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let name = index < names.count ? names[index] : nil
        return .invalidEntry(index: index, name: name, why: "\(field.isEmpty ? "the entry" : "field " + String(field.dropFirst(field.hasPrefix(".") ? 1 : 0))): \(DecodingErrorText.describe(error))")
    }
}
