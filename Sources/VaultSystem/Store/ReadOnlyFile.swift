import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// A file open for reading at chosen offsets: how a lookup reads a vault file
/// (`VaultFileLookup`), a few pieces of it rather than all. The file stays open, so every
/// piece comes from the same file even when a writer replaces it meanwhile (by rename, as
/// vault writes); a file rewritten in place meanwhile (as git may) reads as a mix, which the
/// store reads again, and one cut short under the reader is an error, not a short read.
public final class ReadOnlyFile: RandomAccessBytes {
    /// The file's path, for messages.
    public let path: String
    private let descriptor: Int32
    /// The file's length when it was opened.
    public let count: Int

    /// Opens `path`, refusing a file larger than `limit` bytes.
    public init(path: String, limit: Int = 1 << 31) throws(StoreError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .fileMissing(path: path) }
            throw .io(path: path, operation: "open", errno: errno)
        }
        descriptor = fd
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .io(path: path, operation: "stat", errno: code)
        }
        guard info.st_size <= limit else {
            close(fd)
            throw .tooLarge(path: path)
        }
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// The bytes at `range` (`bytes(_:)`, for `RandomAccessBytes`).
    public func read(_ range: Range<Int>) throws -> [UInt8] {
        try bytes(range)
    }

    /// The bytes at `range`, read in as many calls as it takes.
    public func bytes(_ range: Range<Int>) throws(StoreError) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialised in
            initialised = 0
            while initialised < range.count {
                let read = pread(descriptor, buffer.baseAddress! + initialised, range.count - initialised, off_t(range.lowerBound + initialised))
                if read > 0 {
                    initialised += read
                } else if read < 0 && errno == EINTR {
                    continue
                } else {
                    // Nothing more to read: the file was cut short since it was opened.
                    failure = read < 0 ? errno : 0
                    return
                }
            }
        }
        switch failure {
        case nil: return bytes
        case 0: throw .changedWhileRead(path: path)
        case let code?: throw .io(path: path, operation: "read", errno: code)
        }
    }
}
