import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as Firefox's CSV export; its records are also written back with CSVWriter and
/// read again. ImportFuzzing.check says what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportFirefoxCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ImportFuzzing.check(Fuzzer.bytes(data, size), as: .firefoxCSV)
    return 0
}

@_cdecl("import_firefox_csv_fuzz_main")
public func importFirefoxCSVFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportFirefoxCSV)
}
