import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Reads secrets byte by byte straight into guarded memory, so that no unwiped copy is left in
/// an ordinary buffer. Secrets are limited in size; a line ends at `\n` (a `\r` before it is
/// dropped) or at the end of the input.
public enum SecretReader {
    public static let maximumLength = 64 * 1024

    /// One line from a file descriptor (empty at the end of the input).
    public static func line(from descriptor: FileDescriptor, what: String) throws -> SecureBytes {
        try lineOrEnd(from: descriptor, what: what) ?? SecureBytes(count: 0)
    }

    /// One line from a file descriptor, or nil when the input ended before any byte of it (so
    /// that a reader of several lines can tell Ctrl-D from an empty line).
    public static func lineOrEnd(from descriptor: FileDescriptor, what: String) throws -> SecureBytes? {
        let buffer = try SecureBytes(count: maximumLength)
        var length = 0
        var byte: UInt8 = 0
        while true {
            let count: Int
            do throws(Errno) {
                count = try withUnsafeMutableBytes(of: &byte) { one in Result { () throws(Errno) in try descriptor.readSome(into: one) } }.get()
            } catch {
                throw InputError.unreadable(path: what, errno: error.rawValue)
            }
            if count == 0 && length == 0 { return nil }
            if count == 0 || byte == 0x0A { break }
            guard length < maximumLength else { throw InputError.tooLong(what, limit: maximumLength) }
            buffer.withUnsafeMutableBytes { $0[length] = byte }
            length += 1
        }
        byte = 0
        if length > 0 && buffer.withUnsafeBytes({ $0[length - 1] }) == 0x0D { length -= 1 }
        return try buffer.slice(0..<length)
    }

    /// The first line of a file.
    public static func firstLine(ofFile path: String) throws -> SecureBytes {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError.unreadable(path: path, errno: errno) }
        defer { close(fd) }
        do {
            return try line(from: FileDescriptor(rawValue: fd), what: "the password in \(path)")
        } catch InputError.unreadable(_, let reason) {
            throw InputError.unreadable(path: path, reason: reason)
        }
    }

    /// Exactly `count` lines from `input` (standard input: one line per secret asked for); a
    /// final newline is optional. Fewer or more lines are refused rather than silently cut or
    /// padded, so a paste of the wrong thing is noticed.
    public static func lines(from input: FileDescriptor, count: Int, what: String) throws -> [SecureBytes] {
        let lines = try allLines(from: input, capacity: count * (maximumLength + 2), what: what)
        guard lines.count == count else {
            throw InputError.wrongLineCount(what: what, expected: count, got: lines.count)
        }
        for line in lines where line.count == 0 { throw InputError.emptySecret(what) }
        return lines
    }

    /// Every line of `input` up to its end, empty ones included (a final newline does not
    /// start another), each at most `maximumLength` bytes, all together at most `capacity`.
    public static func allLines(from input: FileDescriptor, capacity: Int, what: String) throws -> [SecureBytes] {
        let buffer = try SecureBytes(count: capacity)
        let length: Int
        do throws(Errno) {
            length = try buffer.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try input.readFully(into: raw) } }.get()
        } catch {
            throw InputError.unreadable(path: "standard input", errno: error.rawValue)
        }
        var ranges: [Range<Int>] = []
        buffer.withUnsafeBytes { bytes in
            var start = 0
            for index in 0..<length where bytes[index] == 0x0A {
                ranges.append(start..<index)
                start = index + 1
            }
            if start < length { ranges.append(start..<length) }
            ranges = ranges.map { range in
                range.count > 0 && bytes[range.upperBound - 1] == 0x0D ? range.lowerBound..<(range.upperBound - 1) : range
            }
        }
        for range in ranges where range.count > maximumLength { throw InputError.tooLong(what, limit: maximumLength) }
        if length == capacity {
            // Full to the brim: anything still waiting means the input is too long.
            var probe: UInt8 = 0
            let more = (try? withUnsafeMutableBytes(of: &probe) { one in try input.readSome(into: one) }) ?? 0
            if more > 0 { throw InputError.tooLong(what, limit: capacity) }
        }
        return try ranges.map { try buffer.slice($0) }
    }
}

extension InputError {
    /// A read that failed with `code` (an errno), in the system's words.
    public static func unreadable(path: String, errno code: Int32) -> InputError {
        .unreadable(path: path, reason: String(cString: strerror(code)))
    }
}
