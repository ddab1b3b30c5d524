import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// `vault import`'s reader of vault's own export (`ExportReader`) on any bytes: an
/// `ImportError`, or entries that a vault can hold (valid, unique names; valid field names;
/// one-time passwords that parse; each one storable as a payload line that reads back as
/// itself), and that export again to a document that reads as the same entries and exports
/// again to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let entries: [Entry]
    do { entries = try ExportReader.entries(from: Data(Fuzzer.bytes(data, size))) } catch { return 0 }
    for entry in entries {
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
    do { first = try ExportDocument(entries: entries, exported: exported).encoded() } catch {
        Fuzzer.require(false, "accepted entries cannot be exported: \(error)")
        return 0
    }
    let again: [Entry]
    do { again = try ExportReader.entries(from: first) } catch {
        Fuzzer.require(false, "an export is refused: \(error.message)")
        return 0
    }
    Fuzzer.require(again == entries, "an export reads as other entries")
    let second = try? ExportDocument(entries: again, exported: exported).encoded()
    Fuzzer.require(second == first, "exporting an export's entries gives other bytes")
    return 0
}

@_cdecl("export_fuzz_main")
public func exportFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzExport)
}
