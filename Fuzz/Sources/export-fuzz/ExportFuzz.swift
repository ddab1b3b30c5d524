import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// `vault import`'s reader of vault's own export (`ExportReader`) on any bytes: an
/// `ImportError`, or entries that a vault can hold (valid, unique names; valid field names;
/// one-time passwords that parse; attachments as files, each name once; each one storable as a payload line that reads back as
/// itself), and that export again to a document that reads as the same entries and exports
/// again to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let read: [ExportedEntry]
    do { read = try ExportReader.entries(from: Data(Fuzzer.bytes(data, size))) } catch { return 0 }
    let entries = read.map(\.entry)
    for (entry, files) in zip(entries, read.map(\.files)) {
        Fuzzer.require(entry.attachments.isEmpty, "an export's entry names contents by id")
        Fuzzer.require(Set(files.map(\.name)).count == files.count, "two files of an entry have one name")
        Fuzzer.require((try? EntryName.normalized(entry.name)) == entry.name, "an accepted entry has an invalid name")
        Fuzzer.require((try? FieldName.validate(entry.fields.map(\.name))) != nil, "an accepted entry has invalid field names")
        Fuzzer.require(entry.otp.map { (try? OTPAuthURI.parse($0)) != nil } ?? true, "an accepted entry has an invalid otp")
        let line: SecureBytes
        do { line = try EntryLine.encode(entry) } catch {
            Fuzzer.require(false, "an accepted entry cannot be stored: \(error)")
            return 0
        }
        Fuzzer.require((try? line.withUnsafeBytes { try EntryLine.decode($0) }) == entry, "a stored entry reads differently")
    }
    Fuzzer.require(Set(entries.map(\.name)).count == entries.count, "two accepted entries have one name")

    let exported = Date(timeIntervalSince1970: 1_700_000_000)
    let first: Data
    do { first = try ExportDocument(entries: read, exported: exported).encoded() } catch {
        Fuzzer.require(false, "accepted entries cannot be exported: \(error)")
        return 0
    }
    let again: [ExportedEntry]
    do { again = try ExportReader.entries(from: first) } catch {
        Fuzzer.require(false, "an export is refused: \(error.message)")
        return 0
    }
    Fuzzer.require(again == read, "an export reads as other entries and files")
    let second = try? ExportDocument(entries: again, exported: exported).encoded()
    Fuzzer.require(second == first, "exporting an export's entries gives other bytes")
    return 0
}

@_cdecl("export_fuzz_main")
public func exportFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzExport)
}
