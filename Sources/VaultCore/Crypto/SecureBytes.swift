import CSodium

/// A fixed-size buffer for secrets (keys, passwords, decrypted vault contents), wiped when it
/// is released. By default it lives in libsodium's guarded memory: locked out of swap where the
/// system allows, excluded from core dumps and fenced by guard pages.
public final class SecureBytes {
    /// How a buffer is kept.
    public enum Protection: Sendable {
        /// libsodium's guarded allocation. Each costs its own memory mappings, and a process
        /// may have only about 65,000 of those: for keys, passwords and the whole payload.
        case guarded
        /// Ordinary heap memory, wiped on release: for the many small pieces of a large vault,
        /// such as one entry's line.
        case wipedOnRelease
    }

    /// The number of bytes the buffer holds.
    public let count: Int
    private let base: UnsafeMutableRawPointer
    private let owner: Owner

    /// Who releases the memory: this buffer, kept as `Protection` says, or the whole buffer of
    /// which this one is a part (`part(_:)`), kept alive by it.
    private enum Owner {
        case itself(Protection)
        case whole(SecureBytes)
    }

    /// A zero-filled buffer of `count` bytes.
    public init(count: Int, protection: Protection = .guarded) throws(CryptoError) {
        try Sodium.ensureInitialised()
        let size = max(count, 1)
        let allocated = protection == .guarded ? sodium_malloc(size) : malloc(size)
        guard let pointer = allocated else { throw .outOfSecureMemory(bytes: count) }
        self.count = count
        self.base = pointer
        self.owner = .itself(protection)
        sodium_memzero(pointer, size)
    }

    private init(part range: Range<Int>, of whole: SecureBytes) {
        count = range.count
        base = whole.base + range.lowerBound
        owner = .whole(whole)
    }

    /// A buffer holding a copy of `bytes`; the caller remains responsible for wiping the source.
    public convenience init(copying bytes: UnsafeRawBufferPointer) throws(CryptoError) {
        try self.init(count: bytes.count)
        if let source = bytes.baseAddress, !bytes.isEmpty {
            base.copyMemory(from: source, byteCount: bytes.count)
        }
    }

    /// A buffer holding a copy of `array`, which is then overwritten with zeros.
    public convenience init(consuming array: inout [UInt8], protection: Protection = .guarded) throws(CryptoError) {
        try self.init(count: array.count, protection: protection)
        array.withUnsafeMutableBytes { source in
            if let address = source.baseAddress, !source.isEmpty {
                base.copyMemory(from: address, byteCount: source.count)
                sodium_memzero(address, source.count)
            }
        }
        array.removeAll()
    }

    /// `count` bytes from the system CSPRNG, for data keys.
    public static func random(count: Int) throws(CryptoError) -> SecureBytes {
        let buffer = try SecureBytes(count: count)
        randombytes_buf(buffer.base, count)
        return buffer
    }

    deinit {
        switch owner {
        case .itself(.guarded):
            sodium_free(base)  // wipes, then unmaps
        case .itself(.wipedOnRelease):
            sodium_memzero(base, max(count, 1))
            free(base)
        case .whole:
            break  // wiped and released with the whole
        }
    }

    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    public func withUnsafeMutableBytes<R, E: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        try body(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    /// A new buffer holding `range` of this one.
    public func slice(_ range: Range<Int>) throws(CryptoError) -> SecureBytes {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return try SecureBytes(copying: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// `range` of this buffer as a buffer of its own, sharing its memory (no copy, no new
    /// allocation: each guarded one costs system calls and pages) and keeping it alive.
    public func part(_ range: Range<Int>) -> SecureBytes {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return SecureBytes(part: range, of: self)
    }

    /// Constant-time equality, for tests and for comparing a typed password with its confirmation.
    public func constantTimeEquals(_ other: SecureBytes) -> Bool {
        withUnsafeBytes { mine in other.withUnsafeBytes { Sodium.constantTimeEqual(mine, $0) } }
    }
}
