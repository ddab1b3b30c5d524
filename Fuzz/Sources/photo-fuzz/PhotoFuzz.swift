import PhotoMetadata

/// libFuzzer's entry point: reads and strips any bytes. A trap is a bug; so is a strip that
/// strips differently a second time, and a PNG or WebP that reads without a problem but is
/// refused by the stripper (which reads its own result back and refuses a file it would leave
/// with metadata or broken). A sound JPEG may rightly be refused: removing a segment can glue
/// what stood around it into a different structure (Fuzz/seeds/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoto(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let report = try? PhotoReader.read(bytes)
    let sound = report.map { $0.format != .jpeg && $0.problems.isEmpty } ?? false
    for keep in KeepPolicy.allCases {
        guard let stripped = try? PhotoStripper.strip(bytes, keep: keep) else {
            if sound { fatalError("a file that reads without a problem was refused (keep \(keep))") }
            continue
        }
        guard let again = try? PhotoStripper.strip(stripped.output, keep: keep), again.output == stripped.output else {
            fatalError("stripping a stripped file changed it")
        }
    }
    return 0
}

/// SwiftPM names an executable's entry point after it and makes `main` an alias of it;
/// libFuzzer's driver is started from there.
@_cdecl("photo_fuzz_main")
public func photoFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzPhoto)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
