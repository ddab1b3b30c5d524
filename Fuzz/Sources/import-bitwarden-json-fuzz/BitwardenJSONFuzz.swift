import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as Bitwarden's JSON export; what it reads is also exported to Bitwarden JSON
/// by vault and read back. ImportFuzzing.check says what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportBitwardenJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ImportFuzzing.check(Fuzzer.bytes(data, size), as: .bitwardenJSON)
    return 0
}

@_cdecl("import_bitwarden_json_fuzz_main")
public func importBitwardenJSONFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportBitwardenJSON)
}
