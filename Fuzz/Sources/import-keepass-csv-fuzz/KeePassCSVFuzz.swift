import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as KeePassXC's CSV export; its records are also written back with CSVWriter
/// and read again. ImportFuzzing.check says what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportKeePassCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ImportFuzzing.check(Fuzzer.bytes(data, size), as: .keepassxcCSV)
    return 0
}

@_cdecl("import_keepass_csv_fuzz_main")
public func importKeePassCSVFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportKeePassCSV)
}
