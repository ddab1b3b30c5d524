import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The vault file on any bytes, twice over.
///
/// As a file: `Envelope.parse` refuses it with a `FormatError`, or it renders back byte for
/// byte, with KDF parameters within `KDFParameters`' bounds (never derived: the data key is
/// unwrapped with a fixed key-encryption key, `FixedKeys`). A file that opens is read as its
/// payload is (below), and written again as a command writes it (`prepareForWrite`), which must
/// open to the same entries.
///
/// As a payload: the bytes are sealed as the payload of a vault under the fixed key, so that the
/// fuzzer reaches the decrypted path, which no mutation of a file's ciphertext can: the file
/// must render, parse and open to exactly those bytes. Then `EntryTable` refuses them with a
/// `VaultOpenError`, or every entry decodes, is found by its name, encodes and decodes to
/// itself, and the table serialises to a payload that reads as the same entries and state and
/// serialises again to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVaultFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    checkFile(bytes)
    checkSealedPayload(bytes)
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
    let opened: (padded: SecureBytes, length: Int)
    do { opened = try envelope.openPayload(dataKey: dataKey) } catch { return }
    guard let read = checkPayload(opened.padded, length: opened.length) else { return }
    // Written again as a command writes it: a fresh header, the same entries.
    var written = envelope
    let writeKey = try! written.prepareForWrite(keys: VaultKeys(keyEncryptionKey: key, dataKey: dataKey))
    let content = try! read.table.serialized()
    try! content.withUnsafeBytes { try written.sealPayload($0, dataKey: writeKey) }
    let again = try! Envelope.parse(written.render())
    Fuzzer.require(again == written && again.version == Envelope.currentVersion, "a written file parses differently")
    let reopened = try! again.openPayload(dataKey: try! again.unwrapDataKey(with: key))
    let reread = try! EntryTable(content: reopened.padded, length: reopened.length)
    Fuzzer.require(try! reread.allEntries() == read.entries && reread.state == read.table.state, "a written file reads differently")
}

/// The bytes as the payload of a vault sealed under the fixed key.
func checkSealedPayload(_ bytes: [UInt8]) {
    var envelope = FixedKeys.emptyEnvelope
    let dataKey = FixedKeys.dataKey
    try! bytes.withUnsafeBytes { try envelope.sealPayload($0, dataKey: dataKey) }
    let rendered = envelope.render()
    let parsed: Envelope
    do { parsed = try Envelope.parse(rendered) } catch { Fuzzer.require(false, "a sealed vault is refused: \(error.message)"); return }
    Fuzzer.require(parsed == envelope && parsed.render() == rendered, "a sealed vault parses differently")
    let opened = try! parsed.openPayload(dataKey: try! parsed.unwrapDataKey(with: FixedKeys.keyEncryptionKey))
    Fuzzer.require(opened.length == bytes.count && opened.padded.withUnsafeBytes { Array($0.prefix(opened.length)) } == bytes,
                   "the payload opens to other bytes")
    _ = checkPayload(opened.padded, length: opened.length)
}

/// Reads a decrypted payload as the store does; nil when it is refused (with a `VaultOpenError`).
func checkPayload(_ padded: SecureBytes, length: Int) -> (table: EntryTable, entries: [Entry])? {
    let table: EntryTable
    do { table = try EntryTable(content: padded, length: length) } catch { return nil }
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
    return (table, entries)
}
