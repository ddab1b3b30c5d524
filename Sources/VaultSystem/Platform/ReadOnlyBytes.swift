import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Bytes vault never writes to while this value lives: text compiled into the binary, or a file
/// mapped read-only (and unmapped when the value goes). Reading memory that nobody in the
/// process changes is safe from any thread, so it is `Sendable`; this is the one place vault
/// vouches for that, and the word tables and breach files built on it are plainly `Sendable`.
/// Another process can still change a mapped file, and reading past the end of one it
/// truncated raises SIGBUS: map only files that are not being written (a downloaded copy of
/// the breach data).
public final class ReadOnlyBytes: @unchecked Sendable {
    /// The first byte.
    public let base: UnsafePointer<UInt8>
    /// How many bytes there are.
    public let count: Int
    /// The length of the mapping to undo, for a mapped file.
    private let mappedLength: Int?

    /// Text compiled into the binary.
    public init(_ text: StaticString) {
        base = text.utf8Start
        count = text.utf8CodeUnitCount
        mappedLength = nil
    }

    /// The first `length` bytes of the file open at `descriptor`, mapped read-only; the
    /// descriptor may be closed afterwards.
    public init(mapping descriptor: FileDescriptor, length: Int) throws(Errno) {
        let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0)
        guard let mapped, mapped != MAP_FAILED else { throw Errno(rawValue: errno) }
        base = UnsafePointer(mapped.assumingMemoryBound(to: UInt8.self))
        count = length
        mappedLength = length
    }

    deinit {
        if let mappedLength { munmap(UnsafeMutableRawPointer(mutating: base), mappedLength) }
    }

    /// The byte at `index`, which must be below `count`.
    public subscript(index: Int) -> UInt8 { base[index] }

    /// The index of the first `byte` at `start` or after it, if there is one (found by the C
    /// library's `memchr`, many bytes at a time).
    public func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
