import FoundationEssentials
import FuzzSupport
import Interchange
import VaultCore
import VaultSystem

/// What every import target checks on one input (docs/import.md is the promise checked):
///
/// - format detection on the bytes returns or throws, never traps;
/// - the importer refuses with an `InterchangeError` or returns items, never another error;
/// - what it returns is what a vault can hold: valid and unique names (each change reported),
///   valid and unique field names, no empty username, password, notes or URL, a canonical
///   one-time password URI (one that parses and renders again as the same text), dates a vault
///   stores, to the second;
/// - vault's own backup of the entries reads back as the same entries;
/// - for the formats vault also writes (bitwarden-json, keepass-xml), the entries exported to
///   the format and imported again are the same entries (ids, and the order of entries and of
///   fields aside, which those formats do not keep); for the CSV formats, the records written
///   back with `CSVWriter` read as the same, and a file the CSV reader refuses is refused at a
///   line it has and a column within that line.
public enum ImportFuzzing {
    /// The time of the import, a whole second as `vault import` gives it.
    public static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every check for `bytes` read as `format`.
    public static func check(_ bytes: [UInt8], as format: ImportFormat) {
        _ = try? FormatDetector.format(of: bytes)
        if csvFormats.contains(format) { checkCSVRecords(bytes) }
        check(format) { try Importer.read(bytes, format: format, now: now) }
    }

    /// The checks after the read, for a read made otherwise (a password store's folder).
    public static func check(_ format: ImportFormat, read: () throws -> Importer.Result) {
        guard let result = imported(read) else { return }
        Fuzzer.require(result.format == format, "read as \(result.format.rawValue), not \(format.rawValue)")
        checkWellFormed(result)
        checkBackup(result.entries)
        if let exportFormat = writtenFormats[format] { checkRoundTrip(result.entries, through: exportFormat, as: format) }
    }

    /// The CSV formats, whose files are records `CSVReader` reads.
    static let csvFormats: Set<ImportFormat> = [.bitwardenCSV, .keepassxcCSV, .chromeCSV, .firefoxCSV, .lastpassCSV]

    /// The import formats vault exports to, with the export format that writes them.
    static let writtenFormats: [ImportFormat: ExportFormat] = [.bitwardenJSON: .bitwardenJSON, .keepassXML: .keepassXML]

    /// The result of `read`, or nil when it refused the input as it should: with an
    /// `InterchangeError`.
    static func imported(_ read: () throws -> Importer.Result) -> Importer.Result? {
        do {
            return try read()
        } catch is InterchangeError {
            return nil
        } catch {
            Fuzzer.require(false, "refused with \(type(of: error)), not an InterchangeError: \(error)")
            return nil
        }
    }

    /// The entries are what a vault holds, and every name that changed is reported.
    static func checkWellFormed(_ result: Importer.Result) {
        var names = Set<String>()
        for item in result.items {
            let entry = item.entry
            Fuzzer.require((try? EntryName.normalized(entry.name)) == entry.name, "\(item.record): the name is not valid")
            Fuzzer.require(names.insert(entry.name).inserted, "\(item.record): two entries have the same name")
            Fuzzer.require((try? FieldName.validate(entry.fields.map(\.name))) != nil, "\(item.record): a field name is not valid or comes twice")
            let parts = [entry.username, entry.password, entry.notes].compactMap { $0 } + entry.urls
            Fuzzer.require(!parts.contains(""), "\(item.record): an empty part was kept")
            if let otp = entry.otp {
                let parsed = try? OTPAuthURI.parse(otp)
                Fuzzer.require(parsed.map(OTPAuthURI.render) == otp,
                               "\(item.record): the one-time password \(otp) is not a canonical URI")
            }
            for date in [entry.created, entry.modified] + entry.history.map(\.replaced) {
                Fuzzer.require(EntryDates.canStore(date) && date.toTheSecond == date, "\(item.record): a date a vault cannot store")
            }
        }
        let renamed = Set(result.renames.map(\.to))
        Fuzzer.require(renamed.isSubset(of: names), "a rename names an entry that is not there")
    }

    /// vault's own backup of the entries reads back as the same entries, ids included.
    static func checkBackup(_ entries: [Entry]) {
        do {
            let backup = try Exporter.render(entries, as: .vaultJSON, exported: now, contents: { _ in [] })
            let restored = try Importer.read(backup, format: .vaultJSON, now: now).entries
            Fuzzer.require(restored == entries, "the backup of the entries reads back differently")
        } catch {
            Fuzzer.require(false, "the backup of the entries failed: \(error)")
        }
    }

    /// The entries written as `exportFormat` and read again as `format` are the same, ids aside.
    /// Only the KeePass XML export may refuse, naming an entry with a character XML cannot carry.
    static func checkRoundTrip(_ entries: [Entry], through exportFormat: ExportFormat, as format: ImportFormat) {
        let exported: [UInt8]
        do {
            exported = try Exporter.render(entries, as: exportFormat, exported: now, contents: { _ in [] })
        } catch InterchangeError.cannotExport(let name, _) where exportFormat == .keepassXML {
            let entry = entries.first { $0.name == name }
            let values = entry.map { [$0.name, $0.username, $0.password, $0.notes, $0.otp].compactMap { $0 } + $0.urls + $0.tags
                + $0.fields.flatMap { [$0.name, $0.value] } + $0.history.map(\.password) } ?? []
            Fuzzer.require(!values.allSatisfy(XMLWriter.isRepresentable),
                           "the keepass-xml export refused '\(name)', which holds nothing XML cannot carry")
            return
        } catch {
            Fuzzer.require(false, "the \(exportFormat.rawValue) export failed: \(error)")
            return
        }
        do {
            let back = try Importer.read(exported, format: format, now: now)
            Fuzzer.require(back.renames.isEmpty, "the \(format.rawValue) round trip renamed an entry")
            // Matched by name, as KeePass XML has the entries group by group.
            let after = Dictionary(back.entries.map { ($0.name, $0) }) { first, _ in first }
            for before in entries {
                guard let after = after[before.name] else {
                    Fuzzer.require(false, "the \(format.rawValue) round trip lost '\(before.name)'")
                    return
                }
                Fuzzer.require(asKept(after) == asKept(before),
                               "the \(format.rawValue) round trip changed '\(before.name)': \(differences(before, after))")
            }
            Fuzzer.require(back.entries.count == entries.count, "the \(format.rawValue) round trip added entries")
        } catch {
            Fuzzer.require(false, "vault's \(exportFormat.rawValue) export does not import: \(error)")
        }
    }

    /// The entry without what a format other than vault's own does not keep: its id and change
    /// stamps, and the order of its fields (Bitwarden's cards, identities and SSH keys have
    /// members of their own for a type's fields, which an import lists in a fixed order before
    /// the custom fields).
    static func asKept(_ entry: Entry) -> Entry {
        var entry = entry
        entry.id = ""
        entry.clocks = [:]
        entry.fields.sort { $0.name < $1.name }
        return entry
    }

    /// The parts in which two entries differ, with both values: for the message of a failure.
    static func differences(_ before: Entry, _ after: Entry) -> String {
        let parts: [(String, (Entry) -> String)] = [
            ("name", { $0.name }), ("type", { $0.type.rawValue }), ("username", { String(describing: $0.username) }),
            ("password", { String(describing: $0.password) }), ("urls", { "\($0.urls)" }), ("notes", { String(describing: $0.notes) }),
            ("fields", { "\($0.fields.map { ($0.name, $0.value, $0.secret) })" }), ("tags", { "\($0.tags)" }),
            ("created", { "\($0.created)" }), ("modified", { "\($0.modified)" }),
            ("history", { "\($0.history.map { ($0.password, $0.replaced) })" }), ("otp", { String(describing: $0.otp) }),
        ]
        return parts.filter { $0.1(before) != $0.1(after) }.map { "\($0.0) \($0.1(before)) became \($0.1(after))" }.joined(separator: "; ")
    }

    /// The records of a CSV file that reads, written with `CSVWriter`, read back the same; a file
    /// that does not read is refused at a place inside it.
    static func checkCSVRecords(_ bytes: [UInt8]) {
        let records: [CSVRecord]
        do {
            records = try CSVReader.records(in: bytes)
        } catch {
            checkPlace(of: error, in: bytes)
            return
        }
        guard let header = records.first else { return }
        let written = CSVWriter.document(header: header.fields, rows: records.dropFirst().map(\.fields))
        let again = (try? CSVReader.records(in: Array(written.utf8)))?.map(\.fields) ?? []
        Fuzzer.require(again == records.map(\.fields), "CSV records written back read differently: " + difference(records, again))
    }

    /// The refusal names a line the file has, and a column no further than one past that line's
    /// last character (each character being at least one byte).
    static func checkPlace(of error: CSVError, in bytes: [UInt8]) {
        var lineLengths = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                lineLengths.append(0)
            } else {
                lineLengths[lineLengths.count - 1] += 1
            }
            index += 1
        }
        // require traps, so the line is one of the file's when the column is looked at.
        Fuzzer.require((1...lineLengths.count).contains(error.line), "the CSV refusal names line \(error.line) of \(lineLengths.count)")
        Fuzzer.require((1...lineLengths[error.line - 1] + 1).contains(error.column),
                       "the CSV refusal names column \(error.column) of line \(error.line), which is shorter")
    }

    /// The first record that differs, or the counts: for the message of a failure.
    static func difference(_ records: [CSVRecord], _ again: [[String]]) -> String {
        zip(records, again).first { $0.fields != $1 }.map { "line \($0.line): \($0.fields) became \($1)" }
            ?? "\(records.count) records became \(again.count)"
    }
}
