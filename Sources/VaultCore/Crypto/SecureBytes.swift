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
    private let protection: Protection

    /// A zero-filled buffer of `count` bytes.
    public init(count: Int, protection: Protection = .guarded) throws(CryptoError) {
        try Sodium.ensureInitialised()
        let size = max(count, 1)
        let allocated = protection == .guarded ? sodium_malloc(size) : malloc(size)
        guard let pointer = allocated else { throw .outOfSecureMemory(bytes: count) }
        self.count = count
        self.base = pointer
        self.protection = protection
        sodium_memzero(pointer, size)
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
        switch protection {
        case .guarded:
            sodium_free(base)  // wipes, then unmaps
        case .wipedOnRelease:
            sodium_memzero(base, max(count, 1))
            free(base)
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

    /// Constant-time equality, for tests and for comparing a typed password with its confirmation.
    public func constantTimeEquals(_ other: SecureBytes) -> Bool {
        withUnsafeBytes { mine in other.withUnsafeBytes { Sodium.constantTimeEqual(mine, $0) } }
    }
}
