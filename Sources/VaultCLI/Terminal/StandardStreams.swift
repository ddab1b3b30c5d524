import VaultKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error through plain read(2) and write(2), so that a full disk, a
/// closed descriptor or a directory on standard input is a one-line error (or, for messages
/// on standard error, silently nothing) instead of a trap in Foundation's FileHandle.
public enum StandardStreams {
    /// Writes `bytes` to standard output, failing with exit code 1 if they cannot all be written.
    public static func write(_ bytes: some ContiguousBytes) throws {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            writeAll(buffer, to: 1)
        }
        if let failure { throw StoreError.io(path: "standard output", operation: "write to", errno: failure) }
    }

    /// Writes `text` to standard output.
    public static func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes `lines`, each followed by a newline, to standard output in one go.
    public static func writeLines(_ lines: [String]) throws {
        try write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes a message to standard error; there is nowhere to report a failure of that.
    public static func writeError(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeAll($0, to: 2) }
    }

    /// All of standard input.
    public static func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw StoreError.io(path: "standard input", operation: "read", errno: errno) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The errno of a failed write, or `nil` when every byte was written.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno }
            offset += count
        }
        return nil
    }
}
