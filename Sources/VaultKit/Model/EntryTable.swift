#if canImport(Glibc)
import Glibc
#endif

/// The decrypted payload: the vault's entries as JSON lines sorted by name. Lookups are a binary
/// search over the raw lines, so `vault get` decodes one entry however large the vault is, and
/// a change re-encodes only the entries it touches. The plaintext stays in guarded memory.
public final class EntryTable {
    private enum Line {
        case original(Range<Int>)
        case changed(SecureBytes)
    }

    private let content: SecureBytes
    private var lines: [Line]

    /// Splits and checks the first `length` bytes of a decrypted payload: every line must carry
    /// a name, in strictly increasing byte order (which also rules out duplicates).
    public init(content: SecureBytes, length: Int? = nil) throws(VaultOpenError) {
        self.content = content
        var ranges: [Range<Int>] = []
        let problem: String? = content.withUnsafeBytes { (whole) -> String? in
            let bytes = UnsafeRawBufferPointer(rebasing: whole[0..<(length ?? whole.count)])
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            guard bytes[bytes.count - 1] == UInt8(ascii: "\n") else { return "the payload does not end with a newline" }
            var start = 0
            var previous: UnsafeRawBufferPointer? = nil
            while start < bytes.count {
                let newline = memchr(base + start, 0x0A, bytes.count - start)!
                let end = UnsafeRawPointer(newline) - base
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                let check = EntryLine.withName(of: line) { name in
                    (order: previous.flatMap { EntryLine.withName(of: $0) { compareNames($0, name) } } ?? -1,
                     composed: EntryName.isComposed(name))
                }
                guard let check else { return "entry \(ranges.count + 1) has no name" }
                if check.order >= 0 { return "entries are not sorted by name, or a name appears twice" }
                if !check.composed { return "the name of entry \(ranges.count + 1) is not in Unicode NFC" }
                previous = line
                ranges.append(start..<end)
                start = end + 1
            }
            return nil
        }
        if let problem { throw .malformedPayload(problem) }
        lines = ranges.map { .original($0) }
    }

    public var count: Int { lines.count }

    private func withLine<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch lines[index] {
        case .original(let range):
            return try content.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        case .changed(let line):
            return try line.withUnsafeBytes(body)
        }
    }

    private func name(at index: Int) -> String {
        withLine(index) { line in EntryLine.withName(of: line) { String(decoding: $0, as: UTF8.self) } } ?? ""
    }

    /// Where `name` is, or where it would be inserted.
    private func search(_ name: String) -> (index: Int, found: Bool) {
        let target = Array(name.utf8)
        return target.withUnsafeBytes { target in
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                let order = withLine(middle) { line in EntryLine.withName(of: line) { compareNames($0, target) } } ?? -1
                if order == 0 { return (middle, true) }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return (low, false)
        }
    }

    public func contains(_ name: String) -> Bool { search(name).found }

    /// All names, in order.
    public var names: [String] {
        (0..<lines.count).map(name(at:))
    }

    /// The entry called `name`, decoded.
    public func entry(named name: String) throws -> Entry? {
        let (index, found) = search(name)
        guard found else { return nil }
        return try decodeEntry(at: index)
    }

    /// Every entry, decoded, in name order.
    public func allEntries() throws -> [Entry] {
        try (0..<lines.count).map(decodeEntry(at:))
    }

    private func decodeEntry(at index: Int) throws -> Entry {
        do {
            return try withLine(index, EntryLine.decode)
        } catch {
            throw VaultOpenError.malformedPayload("entry \(index + 1) cannot be decoded")
        }
    }

    /// Adds `entry`, or replaces the entry of the same name.
    public func put(_ entry: Entry) throws {
        let line = try EntryLine.encode(entry)
        let (index, found) = search(entry.name)
        if found {
            lines[index] = .changed(line)
        } else {
            lines.insert(.changed(line), at: index)
        }
    }

    /// Removes the entry called `name`; `false` when there was none.
    @discardableResult
    public func remove(named name: String) -> Bool {
        let (index, found) = search(name)
        if found { lines.remove(at: index) }
        return found
    }

    /// The payload content for these entries: each line followed by a newline.
    public func serialized() throws(CryptoError) -> SecureBytes {
        var total = 0
        for index in lines.indices { total += withLine(index) { $0.count } + 1 }
        let output = try SecureBytes(count: total)
        output.withUnsafeMutableBytes { out in
            var offset = 0
            for index in lines.indices {
                withLine(index) { line in
                    if !line.isEmpty { (out.baseAddress! + offset).copyMemory(from: line.baseAddress!, byteCount: line.count) }
                    offset += line.count
                }
                out[offset] = 0x0A
                offset += 1
            }
        }
        return output
    }
}
