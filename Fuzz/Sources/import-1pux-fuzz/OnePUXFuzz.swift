import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as 1Password's 1PUX (ImportFuzzing.check says what must hold). Bytes that
/// start as a ZIP archive are the archive, so that the ZIP reader meets them as they are, and
/// each of its files read with a small limit gives at most that many bytes; any other bytes are
/// `export.data`, put in a stored archive first, so that the JSON reaches the importer without
/// having to match a CRC-32 (which mutations of a whole archive rarely do).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport1PUX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    if bytes.starts(with: StoredArchive.signature) {
        checkLimit(bytes)
        ImportFuzzing.check(bytes, as: .onePasswordPUX)
    } else {
        ImportFuzzing.check(StoredArchive.bytes(["export.attributes": Array("{\"version\":3}".utf8), "export.data": bytes]), as: .onePasswordPUX)
    }
    return 0
}

/// The most `checkLimit` lets a file give.
let smallLimit = 4096

/// Every file of the archive read with a small limit is refused or no longer than the limit.
func checkLimit(_ bytes: [UInt8]) {
    guard let archive = try? ZipArchive(bytes: bytes) else { return }
    for path in archive.paths {
        guard let contents = try? archive.contents(of: path, limit: smallLimit) else { continue }
        Fuzzer.require(contents.count <= smallLimit, "'\(path)' gave more than its limit")
    }
}

@_cdecl("import_1pux_fuzz_main")
public func import1PUXFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImport1PUX)
}
