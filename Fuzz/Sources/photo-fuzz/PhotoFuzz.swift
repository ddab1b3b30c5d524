import FuzzSupport
import PhotoMetadata

/// The photo reader and stripper on any bytes. A trap is a bug; so is a strip that strips
/// differently a second time, and a PNG or WebP that reads without a problem but is refused by
/// the stripper (which reads its own result back and refuses a file it would leave with metadata
/// or broken). A sound JPEG may rightly be refused: removing a segment can glue what stood around
/// it into a different structure (Fuzz/seeds/photo/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoto(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    let report = try? PhotoReader.read(bytes)
    let sound = report.map { $0.format != .jpeg && $0.problems.isEmpty } ?? false
    for keep in KeepPolicy.allCases {
        guard let stripped = try? PhotoStripper.strip(bytes, keep: keep) else {
            Fuzzer.require(!sound, "a file that reads without a problem was refused (keep \(keep))")
            continue
        }
        let again = try? PhotoStripper.strip(stripped.output, keep: keep)
        Fuzzer.require(again?.output == stripped.output, "stripping a stripped file changed it")
    }
    return 0
}

@_cdecl("photo_fuzz_main")
public func photoFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzPhoto)
}
