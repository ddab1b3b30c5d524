import FuzzSupport
import Foundation
@testable import VaultCore

/// The hand reader of an entry's line (`EntryLineReader`) against JSONDecoder on any bytes: the
/// reader gives nothing (and JSONDecoder decides), or the entry JSONDecoder gives, to the byte
/// once both are written again; what it reads, `EntryLine.encode` writes in a form it reads
/// back as the same entry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntryLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let read = bytes.withUnsafeBytes({ EntryLineReader.entry(in: $0) }) else { return 0 }
    let decoded: Entry
    do { decoded = try EntryJSON.decoder().decode(Entry.self, from: Data(bytes)) } catch {
        Fuzzer.require(false, "read by hand, refused by JSONDecoder: \(error)")
        return 0
    }
    guard let line = try? EntryLine.encode(read).withUnsafeBytes({ Array($0) }) else {
        // JSONDecoder's entry cannot be written either: a name or field it accepts that the
        // encoder refuses would be the same for both.
        Fuzzer.require((try? EntryLine.encode(decoded)) == nil, "the hand reader's entry cannot be written, JSONDecoder's can")
        return 0
    }
    Fuzzer.require((try? EntryLine.encode(decoded).withUnsafeBytes { Array($0) }) == line, "the hand reader and JSONDecoder read different entries")
    Fuzzer.require(line.withUnsafeBytes { EntryLineReader.entry(in: $0) } == read, "a written line is not read back by hand as itself")
    return 0
}

@_cdecl("entry_line_fuzz_main")
public func entryLineFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzEntryLine)
}
