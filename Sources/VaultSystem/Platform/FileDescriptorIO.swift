import VaultCore
import FoundationEssentials
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Every read and write vault makes through a file descriptor goes through swift-system's
/// `FileDescriptor`, which retries what a signal interrupted and reports failures as `Errno`;
/// these are the few operations on top of it that vault needs in several places.
extension FileDescriptor {
    /// Reads into `buffer` until it is full or the input ends; returns how many bytes came.
    public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// One read(2) into `buffer`, retried when interrupted; 0 at the end of the input.
    public func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        do {
            return try read(into: buffer, retryOnInterrupt: true)
        } catch {
            throw error as? Errno ?? .ioError
        }
    }

    /// Everything left to read, or its first `limit` bytes (nothing past them is read). The
    /// input may be a secret (`vault import -`): every buffer it passed through on the way is
    /// wiped, and only the result is left for the caller to wipe.
    public func readToEnd(limit: Int = .max) throws(Errno) -> [UInt8] {
        precondition(limit >= 0, "a negative limit")
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        defer { Sodium.wipe(&chunk) }
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) }
            }.get()
            if count == 0 { break }
            if bytes.count + count > bytes.capacity {
                // Grown by hand, so that the smaller buffer is wiped rather than freed as it is.
                var larger: [UInt8] = []
                larger.reserveCapacity(max(2 * bytes.capacity, bytes.count + count, 4096))
                larger.append(contentsOf: bytes)
                Sodium.wipe(&bytes)
                bytes = larger
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Writes every byte of `buffer`, retrying short and interrupted writes.
    public func writeEvery(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        // As swift-system's writeAll does, without its generic path (whose Result the runtime
        // would first have to look up, at a cost larger than the write).
        var written = 0
        while written < buffer.count {
            do {
                written += try write(UnsafeRawBufferPointer(rebasing: buffer[written...]), retryOnInterrupt: true)
            } catch {
                throw error as? Errno ?? .ioError
            }
        }
    }

    /// Writes every one of `bytes`.
    public func writeEvery(_ bytes: some ContiguousBytes) throws(Errno) {
        var failure: Errno?
        bytes.withUnsafeBytes { buffer in
            do throws(Errno) {
                try writeEvery(buffer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(rawValue) == 1 }
}
