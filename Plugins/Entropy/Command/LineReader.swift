#if canImport(Glibc)
import Glibc
#endif
import VaultCore

/// Standard input line by line, in large reads: batch mode handles millions of lines without
/// holding them all. A line ends at `\n` (a `\r` before it is dropped); the last line needs no
/// newline. The buffer is wiped as it is reused and at the end.
enum LineReader {
    static let chunkSize = 256 * 1024
    /// Longer lines are refused: a password is never this long, and memory stays bounded.
    static let maximumLineLength = 64 * 1024

    static func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: chunkSize + maximumLineLength)
        defer { wipe(&buffer) }
        var filled = 0
        var lineNumber = 0
        var atEnd = false
        while !atEnd {
            let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw EntropyError.unreadableInput(errno: errno)
            }
            atEnd = got == 0
            filled += got
            var lineStart = 0
            try buffer.withUnsafeBufferPointer { bytes in
                var index = 0
                while index < filled {
                    if bytes[index] == 0x0A {
                        lineNumber += 1
                        try check(length: index - lineStart, line: lineNumber)
                        try body(lineNumber, trimmed(bytes, lineStart..<index))
                        lineStart = index + 1
                    }
                    index += 1
                }
                if atEnd && lineStart < filled {
                    lineNumber += 1
                    try check(length: filled - lineStart, line: lineNumber)
                    try body(lineNumber, trimmed(bytes, lineStart..<filled))
                    lineStart = filled
                }
            }
            let leftover = filled - lineStart
            try check(length: leftover, line: lineNumber + 1)
            if lineStart > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    memmove(raw.baseAddress!, raw.baseAddress! + lineStart, leftover)
                    memset(raw.baseAddress! + leftover, 0, lineStart)
                }
            }
            filled = leftover
        }
    }

    private static func check(length: Int, line: Int) throws {
        if length > maximumLineLength { throw EntropyError.lineTooLong(line: line, limit: maximumLineLength) }
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var end = range.upperBound
        if end > range.lowerBound && bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end])
    }

    private static func wipe(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) }
    }
}
