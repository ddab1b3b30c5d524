import CSodium
import FoundationEssentials

/// One entry as a line of the payload: a JSON object whose first member is always `"name"`,
/// so that the name can be read straight from the bytes, without decoding the whole entry.
enum EntryLine {
    static let prefix = Array(#"{"name":""#.utf8)

    /// Encodes `entry` as a line (without the newline) in guarded memory.
    static func encode(_ entry: Entry) throws -> SecureBytes {
        let encoder = EntryJSON.encoder()
        encoder.userInfo[Entry.omitNameKey] = true
        var body = try encoder.encode(entry)
        defer { body.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        let name = try EntryJSON.encoder().encode(entry.name)
        // body is `{"created":…}`: the name goes in front of its first member.
        let line = try SecureBytes(count: 8 + name.count + 1 + body.count - 1, protection: .wipedOnRelease)
        line.withUnsafeMutableBytes { out in
            var offset = 0
            func append(_ bytes: some Collection<UInt8>) {
                for byte in bytes { out[offset] = byte; offset += 1 }
            }
            append(#"{"name":"#.utf8)
            append(name)
            append(CollectionOfOne(UInt8(ascii: ",")))
            append(body.dropFirst())
        }
        return line
    }

    /// Decodes a whole line into an entry: by hand when it is compact JSON of known members, as
    /// `encode` writes it (`EntryLineReader`), and otherwise with JSONDecoder, which also words
    /// every error.
    static func decode(_ line: UnsafeRawBufferPointer) throws -> Entry {
        if let entry = EntryLineReader.entry(in: line) { return entry }
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: line.baseAddress!), count: line.count, deallocator: .none)
        return try EntryJSON.decoder().decode(Entry.self, from: data)
    }

    /// Calls `body` with the UTF-8 bytes of the line's name, or returns `nil` when the line does
    /// not start the way a line must. The bytes are read in place; escapes are decoded only in
    /// the rare names that need them.
    static func withName<R>(of line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let (end, escaped) = nameEnd(of: line) else { return nil }
        if !escaped { return body(UnsafeRawBufferPointer(rebasing: line[prefix.count..<end])) }
        let literal = Data(line[(prefix.count - 1)...end])
        guard let name = try? JSONDecoder().decode(String.self, from: literal) else { return nil }
        return Array(name.utf8).withUnsafeBytes(body)
    }

    /// Where the name's bytes are in `line` when they are the name as they stand (no escapes);
    /// nil otherwise.
    static func plainName(in line: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let (end, escaped) = nameEnd(of: line), !escaped else { return nil }
        return prefix.count..<end
    }

    /// The index of the quote that closes the line's name, and whether the name has escapes;
    /// nil when the line does not start the way a line must.
    private static func nameEnd(of line: UnsafeRawBufferPointer) -> (end: Int, escaped: Bool)? {
        guard line.count > prefix.count + 1, line.starts(with: prefix) else { return nil }
        var index = prefix.count
        var escaped = false
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { return (index, escaped) }
            index += 1
        }
        return nil
    }
}

/// Byte-wise ordering of UTF-8 names: the order of the payload's lines.
func compareNames(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    var index = 0
    // Eight bytes at a time, read big-endian so that the first differing byte decides.
    while index + 8 <= common {
        let first = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let second = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        if first != second { return first < second ? -1 : 1 }
        index += 8
    }
    while index < common {
        if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
        index += 1
    }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
