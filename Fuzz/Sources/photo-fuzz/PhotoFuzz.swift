import PhotoMetadata

/// libFuzzer's entry point: reads and strips any bytes. A trap is a bug; so is a strip whose
/// output cannot be read back, still holds privacy-relevant metadata, or strips differently a
/// second time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoto(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PhotoReader.read(bytes)
    for keep in KeepPolicy.allCases {
        guard let stripped = try? PhotoStripper.strip(bytes, keep: keep) else { continue }
        guard let report = try? PhotoReader.read(stripped.output) else { fatalError("a stripped file cannot be read back") }
        if report.hasPrivateMetadata { fatalError("a stripped file still holds \(report.items.filter(\.category.isPrivate))") }
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
