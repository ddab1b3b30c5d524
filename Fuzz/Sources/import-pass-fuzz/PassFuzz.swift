import FuzzSupport
import ImportFuzzing
import Interchange
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Any bytes as the decrypted text of a password store's one entry, `web/site.gpg`, read
/// through vault's store reader with a decryptor that gives the bytes (no gpg in the loop).
/// ImportFuzzing.check says what must hold; besides, the password is the text's first line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportPass(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    var read: Importer.Result?
    ImportFuzzing.check(.pass) {
        read = try Importer.read(folder: store, decryptor: InputDecryptor(bytes: bytes), now: ImportFuzzing.now)
        return read!
    }
    if let entry = read?.entries.first, let text = String(validating: bytes, as: UTF8.self) {
        let first = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.first.map(String.init)
        Fuzzer.require(entry.password == first.flatMap { $0.isEmpty ? nil : $0 }, "the password is not the first line")
    }
    return 0
}

/// A decryptor that gives the same bytes for every file.
struct InputDecryptor: PassDecryptor {
    let bytes: [UInt8]

    func decrypt(_ path: String) throws -> SecureBytes {
        var copy = bytes
        return try SecureBytes(consuming: &copy, protection: .wipedOnRelease)
    }
}

/// A password store made once: `web/site.gpg`, empty (the decryptor gives its text); removed
/// when the process exits.
let store: String = {
    var template = Array("/tmp/import-pass-fuzz-XXXXXX".utf8CString)
    guard let folder = mkdtemp(&template).map({ String(cString: $0) }),
          mkdir(folder + "/web", 0o700) == 0,
          let file = fopen(folder + "/web/site.gpg", "w") else { fatalError("cannot make the password store") }
    fclose(file)
    atexit {
        unlink(store + "/web/site.gpg")
        rmdir(store + "/web")
        rmdir(store)
    }
    return folder
}()

@_cdecl("import_pass_fuzz_main")
public func importPassFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportPass)
}
