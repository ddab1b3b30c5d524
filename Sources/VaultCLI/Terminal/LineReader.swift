import VaultCore
import VaultSystem
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A stream (standard input) line by line, in large reads, for the batch modes of analyzer commands: they
/// handle millions of lines without holding them all. A line ends at `\n` (a `\r` before it is dropped); the last line needs no
/// newline. A line longer than `maximumLineLength` is skipped (and reported through
/// `skipped`), and the lines after it are still read. The buffer is wiped as it is reused and at
/// the end.
public enum LineReader {
    public static let chunkSize = 256 * 1024
    public static let maximumLineLength = 64 * 1024

    public static func forEachLine(of input: FileDescriptor, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void, skipped: (Int) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: chunkSize + maximumLineLength + 1)
        defer { Sodium.wipe(&buffer) }
        var filled = 0
        var lineNumber = 0
        var skipping = false  // inside a line that was too long, until its newline
        var atEnd = false
        while !atEnd {
            let got: Int
            do throws(Errno) {
                got = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) in try input.readSome(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...])) }
                }.get()
            } catch {
                throw InputError.unreadable(path: "standard input", errno: error.rawValue)
            }
            atEnd = got == 0
            filled += got
            var lineStart = 0
            try buffer.withUnsafeBufferPointer { bytes in
                for index in 0..<filled where bytes[index] == 0x0A {
                    lineNumber += 1
                    if skipping {
                        skipping = false
                    } else if index - lineStart > maximumLineLength {
                        try skipped(lineNumber)
                    } else {
                        try body(lineNumber, trimmed(bytes, lineStart..<index))
                    }
                    lineStart = index + 1
                }
                if atEnd && lineStart < filled && !skipping {
                    lineNumber += 1
                    if filled - lineStart > maximumLineLength {
                        try skipped(lineNumber)
                    } else {
                        try body(lineNumber, trimmed(bytes, lineStart..<filled))
                    }
                    lineStart = filled
                }
            }
            var leftover = filled - lineStart
            if leftover > maximumLineLength {
                // The line so far is already too long: report it once, and drop it up to its newline.
                if !skipping { try skipped(lineNumber + 1) }
                skipping = true
                lineStart = filled
                leftover = 0
            }
            buffer.withUnsafeMutableBytes { raw in
                if lineStart > 0 { memmove(raw.baseAddress!, raw.baseAddress! + lineStart, leftover) }
                memset(raw.baseAddress! + leftover, 0, filled - leftover)
            }
            filled = leftover
        }
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var end = range.upperBound
        if end > range.lowerBound && bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end])
    }
}
