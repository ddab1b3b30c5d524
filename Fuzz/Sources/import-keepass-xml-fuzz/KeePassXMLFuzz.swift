import FuzzSupport
import ImportFuzzing
import Interchange

/// Any bytes imported as KeePass 2 XML; what it reads is also exported to KeePass XML by vault
/// and read back (ImportFuzzing.check says what must hold). Besides, a document whose prolog
/// holds a document type declaration (where an entity would be declared) is refused by the XML
/// reader, whatever follows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportKeePassXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    // Without libxml2 every input would be refused, and nothing checked.
    Fuzzer.require(XMLDocumentReader.unavailability == nil, "libxml2 cannot be opened")
    ImportFuzzing.check(bytes, as: .keepassXML)
    if declaresDocumentType(bytes) {
        Fuzzer.require((try? XMLDocumentReader.root(of: bytes)) == nil, "a document type declaration was read")
    }
    return 0
}

/// Whether the document's prolog (after a byte-order mark, white space, processing instructions
/// and comments) has `<!DOCTYPE`. Only UTF-8 is looked at: a miss makes no claim.
func declaresDocumentType(_ bytes: [UInt8]) -> Bool {
    var rest = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    while true {
        rest = rest.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if rest.starts(with: Array("<!DOCTYPE".utf8)) { return true }
        let skipped: ArraySlice<UInt8>?
        if rest.starts(with: Array("<?".utf8)) {
            skipped = after("?>", in: rest.dropFirst(2))
        } else if rest.starts(with: Array("<!--".utf8)) {
            skipped = after("-->", in: rest.dropFirst(4))
        } else {
            return false
        }
        guard let skipped else { return false }
        rest = skipped
    }
}

/// What follows the first `marker` in `bytes`, or nil without one.
private func after(_ marker: String, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    let marker = Array(marker.utf8)
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { return nil }
    return bytes[(start + marker.count)...]
}

@_cdecl("import_keepass_xml_fuzz_main")
public func importKeePassXMLFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzImportKeePassXML)
}
