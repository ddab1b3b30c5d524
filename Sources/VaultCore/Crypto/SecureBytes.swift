import CSodium

/// A fixed-size buffer for secrets (keys, passwords, decrypted vault contents) in libsodium's
/// guarded memory: locked out of swap where the system allows, excluded from core dumps,
/// fenced by guard pages, and wiped when the buffer is released.
public final class SecureBytes {
    /// The number of bytes the buffer holds.
    public let count: Int
    private let base: UnsafeMutableRawPointer

    /// A zero-filled buffer of `count` bytes.
    public init(count: Int) throws(CryptoError) {
        try Sodium.ensureInitialised()
        guard let pointer = sodium_malloc(max(count, 1)) else {
            throw .outOfSecureMemory(bytes: count)
        }
        self.count = count
        self.base = pointer
        sodium_memzero(pointer, max(count, 1))
    }

    /// A buffer holding a copy of `bytes`; the caller remains responsible for wiping the source.
    public convenience init(copying bytes: UnsafeRawBufferPointer) throws(CryptoError) {
        try self.init(count: bytes.count)
        if let source = bytes.baseAddress, !bytes.isEmpty {
            base.copyMemory(from: source, byteCount: bytes.count)
        }
    }

    /// A buffer holding a copy of `array`, which is then overwritten with zeros.
    public convenience init(consuming array: inout [UInt8]) throws(CryptoError) {
        try self.init(count: array.count)
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
        sodium_free(base)
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
