import FuzzSupport
import Foundation
@testable import VaultCore

/// The hand reader of an entry's line (`EntryLineReader`) against JSONDecoder on any bytes: the
/// reader gives nothing (and JSONDecoder decides) or the entry JSONDecoder gives, which writes
/// the same line; and whatever entry JSONDecoder reads, the line `EntryLine.encode` writes for
/// it is read by hand as JSONDecoder reads it, unless a date is before 1583 (which only the
/// general ISO 8601 parser reads, in the Julian calendar). The secrets reader
/// (`EntrySecretReader`) gives nothing or that entry's name, type, password and fields (nothing
/// where JSONDecoder refuses), and reads the lines vault writes as the hand reader does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntryLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    let read = bytes.withUnsafeBytes { EntryLineReader.entry(in: $0) }
    let secretsRead = bytes.withUnsafeBytes { EntrySecretReader.secrets(in: $0, fields: []) }
    guard let decoded = try? EntryJSON.decoder().decode(Entry.self, from: Data(bytes)) else {
        Fuzzer.require(read == nil, "read by hand, refused by JSONDecoder")
        Fuzzer.require(secretsRead == nil, "read by the secrets reader, refused by JSONDecoder")
        return 0
    }
    let fields = Set(decoded.fields.map(\.name))
    if let secrets = bytes.withUnsafeBytes({ EntrySecretReader.secrets(in: $0, fields: fields) }) {
        Fuzzer.require(sameSecrets(secrets, decoded), "the secrets reader and JSONDecoder read different values")
    }
    // An entry with a date outside the years 1 to 9999 is not written at all.
    guard let line = try? EntryLine.encode(decoded).withUnsafeBytes({ Array($0) }) else { return 0 }
    if let read {
        Fuzzer.require(read == decoded, "the hand reader and JSONDecoder read different entries")
        Fuzzer.require((try? EntryLine.encode(read).withUnsafeBytes { Array($0) }) == line, "the hand reader's entry writes another line")
    }
    let written = line.withUnsafeBytes { EntryLineReader.entry(in: $0) }
    let gregorian = ([decoded.created, decoded.modified] + decoded.history.map(\.replaced)).allSatisfy { $0.timeIntervalSince1970 >= -12_212_553_600 }
    let secrets = line.withUnsafeBytes { EntrySecretReader.secrets(in: $0, fields: fields) }
    Fuzzer.require(secrets.map { sameSecrets($0, decoded) } ?? !gregorian, "a line vault writes is not read by the secrets reader")
    Fuzzer.require(written != nil || !gregorian, "a line vault writes is not read by hand")
    if let written {
        Fuzzer.require((try? EntryJSON.decoder().decode(Entry.self, from: Data(line))) == written, "a written line reads differently by hand")
    }
    return 0
}

/// Whether `secrets` are `entry`'s name, type, password and the first field of each name.
private func sameSecrets(_ secrets: EntrySecrets, _ entry: Entry) -> Bool {
    func text(_ bytes: SecureBytes?) -> String? { bytes?.withUnsafeBytes { String(validating: $0, as: UTF8.self) } }
    let fields = Dictionary(entry.fields.map { ($0.name, $0.value) }) { first, _ in first }
    return secrets.name == entry.name && secrets.type == entry.type && text(secrets.password) == entry.password
        && secrets.fields.mapValues { text($0) ?? "not UTF-8" } == fields
}

@_cdecl("entry_line_fuzz_main")
public func entryLineFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzEntryLine)
}
