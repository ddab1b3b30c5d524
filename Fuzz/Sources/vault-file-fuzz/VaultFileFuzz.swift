import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The vault file on any bytes, three times over.
///
/// As a file: `Envelope.parse` refuses it with a `FormatError`, or it renders back byte for
/// byte, with KDF parameters within `KDFParameters`' bounds (never derived: the data key is
/// unwrapped with a fixed key-encryption key, `FixedKeys`). A file that opens is read as its
/// entries are (below), and written again as a command writes it (`prepareForWrite`, version
/// 5), which must open to the same entries; a version 5 file written again without a change
/// keeps every entry's line and the tombstones byte for byte.
///
/// As a file looked up name by name, as `vault get` reads it (`VaultFileLookup`): refused with
/// a `FormatError` or `VaultOpenError`, or answering; and on a file that opens whole, each of
/// its names and an absent one answered exactly as the whole file answers them.
///
/// As a file changed in part, as `vault edit` changes it (`SealedFileEdit`): refused with a
/// `FormatError` or `VaultOpenError`, or opened; a file that opens whole opens so too, and the
/// same change (one of its entries changed, another added) made both ways writes files that
/// open to the same entries and state.
///
/// As a payload: the bytes are sealed as the payload of a version 4 vault under the fixed key,
/// so that the fuzzer reaches the decrypted path, which no mutation of a file's ciphertext can:
/// the file must render, parse and open to exactly those bytes. Then `EntryTable` refuses them
/// with a `VaultOpenError`, or every entry decodes, is found by its name, encodes and decodes to
/// itself, and the table serialises to a payload that reads as the same entries and state and
/// serialises again to the same bytes.
///
/// As one sealed entry of a version 5 vault under the fixed key: the file is refused with a
/// `VaultOpenError` (no name, or a name that is not the slot's), or it opens to one entry
/// that reads as the table above requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVaultFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    checkFile(bytes)
    checkLookup(bytes)
    checkEdit(bytes)
    checkSealedPayload(bytes)
    checkSealedEntry(bytes)
    return 0
}

@_cdecl("vault_file_fuzz_main")
public func vaultFileFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["VAULT_FUZZ_MAKE_SEEDS"] {
        return SeedMaker.run(into: folder)
    }
    return Fuzzer.main(argc, argv, fuzzVaultFile)
}

/// The bytes as a vault file.
func checkFile(_ bytes: [UInt8]) {
    let envelope: Envelope
    do { envelope = try Envelope.parse(bytes) } catch { return }
    Fuzzer.require(envelope.render() == bytes, "a parsed file renders differently")
    Fuzzer.require((try? envelope.kdf.validate()) != nil, "a parsed file has KDF parameters out of bounds")
    let cost = KDFCost(envelope.kdf)
    Fuzzer.require(cost.factor > 0 && cost.factor <= 2134 && !cost.summary.isEmpty, "KDF cost out of range")
    let key = FixedKeys.keyEncryptionKey(for: envelope)
    guard let dataKey = try? envelope.unwrapDataKey(with: key) else { return }
    let table: EntryTable
    do { table = try envelope.openTable(dataKey: dataKey) } catch {
        Fuzzer.require(error is VaultOpenError, "a file is refused with \(type(of: error))")
        return
    }
    guard let entries = checkTable(table) else { return }
    // Written again as a command writes it: a fresh header, the same entries.
    var written = envelope
    let writeKey = try! written.prepareForWrite(keys: VaultKeys(keyEncryptionKey: key, dataKey: dataKey))
    try! written.sealEntries(table, dataKey: writeKey)
    let again = try! Envelope.parse(written.render())
    Fuzzer.require(again == written && again.version == Envelope.currentVersion, "a written file parses differently")
    let reread = try! again.openTable(dataKey: try! again.unwrapDataKey(with: key))
    Fuzzer.require(try! reread.allEntries() == entries && reread.state == table.state, "a written file reads differently")
    if case .entries(let before) = envelope.body, case .entries(let after) = again.body {
        Fuzzer.require(before.records == after.records && before.tombstones == after.tombstones, "an unchanged entry was sealed again")
    }
}

/// The bytes as a vault file looked up by name.
func checkLookup(_ bytes: [UInt8]) {
    guard let lookup = try? VaultFileLookup(file: bytes) else {
        Fuzzer.require((try? Envelope.parse(bytes)) == nil, "a lookup refuses a file that parses")
        return
    }
    guard let dataKey = try? lookup.envelope.unwrapDataKey(with: FixedKeys.keyEncryptionKey(for: lookup.envelope)) else { return }
    let whole = try? Envelope.parse(bytes).openTable(dataKey: dataKey)
    let names = (whole?.names ?? []) + ["absent", "web/a"]
    let expected = whole.flatMap { table in try? names.map(table.entry(named:)) }
    do {
        let found = try lookup.entries(named: names, dataKey: dataKey)
        if let expected { Fuzzer.require(found == expected, "a lookup answers otherwise than the whole file") }
    } catch {
        Fuzzer.require(error is VaultOpenError || error is FormatError, "a lookup fails with \(type(of: error))")
        Fuzzer.require(expected == nil, "a lookup refuses a file that opens whole: \(error)")
    }
}

/// The bytes as a vault file changed in part.
func checkEdit(_ bytes: [UInt8]) {
    guard let (header, _) = try? Envelope.parseHeader(bytes),
          let dataKey = try? header.unwrapDataKey(with: FixedKeys.keyEncryptionKey(for: header))
    else { return }
    var whole = try? Envelope.parse(bytes)
    let table = try? whole?.openTable(dataKey: dataKey)
    let name = table.flatMap { $0.names.first } ?? "web/a"
    let names = [name, "added"]
    let edit: SealedFileEdit?
    let inPart: EntryTable?
    do {
        edit = try SealedFileEdit(file: bytes, dataKey: dataKey)
        inPart = try edit?.table(named: names)
    } catch {
        Fuzzer.require(error is VaultOpenError || error is FormatError, "an edit fails with \(type(of: error))")
        Fuzzer.require(table == nil, "an edit refuses a file that opens whole: \(error)")
        return
    }
    guard let edit, let inPart else {
        Fuzzer.require(header.version < 5, "an edit leaves a version 5 file to the whole open")
        return
    }
    // A file made with the key may hold a record the whole open refuses (a name not its
    // slot's) on a page the edit leaves sealed: only a file that opens whole is compared.
    guard let table, whole != nil else { return }
    let origin = ChangeOrigin(device: { "0123456789abcdef" }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    func change(_ table: EntryTable) throws {
        try table.beginChange(origin: origin)
        if var entry = try table.entry(named: name) {
            entry.password = "changed"
            try table.put(entry)
        }
        try table.put(Entry(name: "added", password: "new", created: Date(timeIntervalSince1970: 0), id: "6f1c2a0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"))
    }
    let changedWhole = Result { try change(table) }
    let changedInPart = Result { try change(inPart) }
    switch (changedWhole, changedInPart) {
    case (.success, .success):
        try! whole!.sealEntries(table, dataKey: dataKey)
        let expected = try! Envelope.parse(whole!.render()).openTable(dataKey: dataKey)
        let written = try! Envelope.parse(try! edit.changedFile(inPart, named: names, header: edit.envelope, dataKey: dataKey)).openTable(dataKey: dataKey)
        Fuzzer.require(try! written.allEntries() == expected.allEntries() && written.state == expected.state,
                       "a change in part writes otherwise than on the whole table")
    case (.failure, .failure):
        break
    default:
        Fuzzer.require(false, "a change fails on the whole table or in part alone")
    }
}

/// The bytes as the payload of a version 4 vault sealed under the fixed key.
func checkSealedPayload(_ bytes: [UInt8]) {
    var envelope = FixedKeys.emptyEnvelope(version: 4)
    let dataKey = FixedKeys.dataKey
    try! bytes.withUnsafeBytes { try envelope.sealPayload($0, dataKey: dataKey) }
    let rendered = envelope.render()
    let parsed: Envelope
    do { parsed = try Envelope.parse(rendered) } catch { Fuzzer.require(false, "a sealed vault is refused: \(error.message)"); return }
    Fuzzer.require(parsed == envelope && parsed.render() == rendered, "a sealed vault parses differently")
    let opened = try! parsed.openPayload(dataKey: try! parsed.unwrapDataKey(with: FixedKeys.keyEncryptionKey))
    Fuzzer.require(opened.length == bytes.count && opened.padded.withUnsafeBytes { Array($0.prefix(opened.length)) } == bytes,
                   "the payload opens to other bytes")
    guard let table = try? EntryTable(content: opened.padded, length: opened.length) else { return }
    _ = checkTable(table)
}

/// The bytes as the one entry of a version 5 vault sealed under the fixed key, in the slot of
/// the name they start with (or of the empty name).
func checkSealedEntry(_ bytes: [UInt8]) {
    var envelope = FixedKeys.emptyEnvelope(version: 5)
    let dataKey = FixedKeys.dataKey
    try! envelope.sealEntries(try! EntryTable(content: try! SecureBytes(count: 0), length: 0), dataKey: dataKey)
    guard case .entries(var sealed) = envelope.body else { return }
    let keys = try! EntryKeys(dataKey: dataKey)
    let slot = bytes.withUnsafeBytes { line in EntryLine.withName(of: line) { keys.slot(of: $0) } } ?? [UInt8](repeating: 0, count: EntryKeys.slotLength)
    let padded = try! SecureBytes(count: Padding.paddedLength(for: bytes.count, minimum: Envelope.minimumRecordLength))
    padded.withUnsafeMutableBytes { buffer in
        for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        buffer[bytes.count] = 0x80
    }
    let box = try! padded.withUnsafeBytes { try envelope.cipher.seal($0, key: keys.sealing, associatedData: Envelope.entryAssociatedData(binding: envelope.entryBinding, slot: slot)) }
    sealed.records = [SealedEntries.Record(slot: slot, box: box)]
    sealed.pages = SealedEntries.pageDigests(of: sealed.records, pages: 1)
    let sealText = Array("{}".utf8)
    sealed.seal = try! sealText.withUnsafeBytes {
        try envelope.cipher.seal($0, key: keys.sealing, associatedData: envelope.sealAssociatedData(tombstones: sealed.tombstones, pages: sealed.pages))
    }
    envelope.body = .entries(sealed)
    let parsed = try! Envelope.parse(envelope.render())
    Fuzzer.require(parsed == envelope, "a sealed entry's vault parses differently")
    let table: EntryTable
    do { table = try parsed.openTable(dataKey: dataKey) } catch {
        Fuzzer.require(error is VaultOpenError, "a sealed entry is refused with \(type(of: error))")
        return
    }
    Fuzzer.require(table.count == 1, "one sealed entry opens as \(table.count)")
    _ = checkTable(table)
}

/// Reads the entries of a table as the store does; nil when one is refused (with a
/// `VaultOpenError`).
func checkTable(_ table: EntryTable) -> [Entry]? {
    let entries: [Entry]
    do { entries = try table.allEntries() } catch {
        Fuzzer.require(error is VaultOpenError, "an entry is refused with \(type(of: error))")
        return nil
    }
    Fuzzer.require(table.names == entries.map(\.name), "a line's name is not its entry's name")
    for entry in entries {
        Fuzzer.require((try? table.entry(named: entry.name)) == entry, "an entry is not found by its name")
        let line: SecureBytes
        do { line = try EntryLine.encode(entry) } catch {
            Fuzzer.require(false, "an entry that reads cannot be written: \(error)")
            return nil
        }
        let decoded = try? line.withUnsafeBytes { try EntryLine.decode($0) }
        Fuzzer.require(decoded == entry, "an entry written reads differently")
    }
    // Serialised as it is, and rebuilt from its entries as a merge does.
    let serialized = try! table.serialized()
    let reread = try! EntryTable(content: serialized)
    Fuzzer.require(try! reread.allEntries() == entries && reread.state == table.state, "a serialised payload reads differently")
    Fuzzer.require(try! reread.serialized().withUnsafeBytes { Array($0) } == serialized.withUnsafeBytes { Array($0) },
                   "a serialised payload serialises to other bytes")
    let rebuilt = try! EntryTable(entries: entries, state: table.state)
    let rebuiltText = try! rebuilt.serialized()
    let rebuiltTable = try! EntryTable(content: rebuiltText)
    Fuzzer.require(try! rebuiltTable.allEntries() == entries && rebuiltTable.state == table.state, "a rebuilt payload reads differently")
    return entries
}
