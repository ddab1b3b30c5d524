import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Reads secrets byte by byte straight into guarded memory, so that no unwiped copy is left in
/// an ordinary buffer. Secrets are limited in size; a line ends at `\n` (a `\r` before it is
/// dropped) or at the end of the input.
public enum SecretReader {
    public static let maximumLength = 64 * 1024

    /// One line from a file descriptor.
    public static func line(from descriptor: FileDescriptor, what: String) throws -> SecureBytes {
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
            if count == 0 || byte == 0x0A { break }
            guard length < maximumLength else { throw InputError.tooLong(what) }
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
        } catch InputError.unreadable(_, let code) {
            throw InputError.unreadable(path: path, errno: code)
        }
    }

    /// Exactly `count` lines from `input` (standard input: one line per secret asked for); a
    /// final newline is optional. Fewer or more lines are refused rather than silently cut or
    /// padded, so a paste of the wrong thing is noticed.
    public static func lines(from input: FileDescriptor, count: Int, what: String) throws -> [SecureBytes] {
        let capacity = count * (maximumLength + 2)
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
        guard ranges.count == count else {
            throw InputError.wrongLineCount(what: what, expected: count, got: ranges.count)
        }
        return try ranges.map { range in
            guard range.count <= maximumLength else { throw InputError.tooLong(what) }
            guard range.count > 0 else { throw InputError.emptySecret(what) }
            return try buffer.slice(range)
        }
    }
}
