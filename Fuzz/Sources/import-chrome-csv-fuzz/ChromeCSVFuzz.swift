import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as Chrome's CSV export; its records are also written back with CSVWriter and
/// read again. ImportFuzzing.check says what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportChromeCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ImportFuzzing.check(Fuzzer.bytes(data, size), as: .chromeCSV)
    return 0
}

@_cdecl("import_chrome_csv_fuzz_main")
public func importChromeCSVFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportChromeCSV)
}
