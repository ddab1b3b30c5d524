import CSodium

/// The one place that initialises libsodium and wraps the few primitives the vault needs beyond
/// AEAD: randomness, constant-time comparison and constant-time Base64.
public enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    /// Initialises libsodium once per process; every type that touches it calls this first.
    public static func ensureInitialised() throws(CryptoError) {
        guard initialised else { throw .libraryUnavailable }
    }

    /// Fills a fresh array with bytes from the operating system's CSPRNG.
    public static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        try ensureInitialised()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { randombytes_buf(base, $0.count) } }
        return bytes
    }

    /// A number in `0..<upperBound` from the CSPRNG, every one equally likely
    /// (libsodium's `randombytes_uniform`, which rejects the biased draws). Call
    /// `ensureInitialised` first.
    public static func uniformRandom(below upperBound: UInt32) -> UInt32 {
        randombytes_uniform(upperBound)
    }

    /// The length of the key `keyedHash` takes.
    public static let keyedHashKeyLength = Int(crypto_generichash_KEYBYTES)

    /// BLAKE2b-256 of `bytes` keyed with `key` (of `keyedHashKeyLength` bytes).
    public static func keyedHash(_ bytes: UnsafeRawBufferPointer, key: [UInt8]) -> [UInt8] {
        key.withUnsafeBytes { blake2b(bytes, key: $0) }
    }

    /// BLAKE2b of `bytes`, `length` bytes long (16 to 64), keyed with `key` (16 to 64 bytes)
    /// when one is given.
    public static func blake2b(_ bytes: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer? = nil, length: Int = 32) -> [UInt8] {
        var hash = [UInt8](repeating: 0, count: length)
        hash.withUnsafeMutableBytes { blake2b(bytes, key: key, into: $0) }
        return hash
    }

    /// As `blake2b(_:key:length:)`, the hash written into `output` (as long as the hash is to
    /// be): for keys derived into guarded memory.
    static func blake2b(_ bytes: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer? = nil, into output: UnsafeMutableRawBufferPointer) {
        let status = crypto_generichash(
            output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            UInt64(bytes.count), key?.baseAddress?.assumingMemoryBound(to: UInt8.self), key?.count ?? 0)
        precondition(status == 0, "BLAKE2b takes 16 to 64 bytes of output and of key")
    }

    /// Standard Base64 of `bytes` with padding, written in constant time into `output`, which
    /// must have room for it and a terminating NUL: for secrets that must stay in guarded memory.
    package static func base64Encode(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= (bytes.count + 2) / 3 * 4 + 1, "no room for the Base64 text")
        _ = sodium_bin2base64(
            output.baseAddress!.assumingMemoryBound(to: CChar.self), output.count,
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, sodium_base64_VARIANT_ORIGINAL)
    }

    /// Standard Base64 with padding, encoded in constant time (the input may be secret).
    public static func base64Encode(_ bytes: UnsafeRawBufferPointer) -> String {
        let capacity = (bytes.count + 2) / 3 * 4 + 1
        return String(unsafeUninitializedCapacity: capacity) { out in
            base64Encode(bytes, into: UnsafeMutableRawBufferPointer(out))
            return capacity - 1
        }
    }

    public static func base64Encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { base64Encode($0) }
    }

    /// Decodes strict standard Base64 (padding required, no whitespace), in constant time;
    /// `nil` when malformed.
    public static func base64Decode(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(text.count / 4 * 3, 1))
        var length = 0
        let status = sodium_base642bin(
            &output, output.count, text.baseAddress?.assumingMemoryBound(to: CChar.self), text.count,
            nil, &length, nil, sodium_base64_VARIANT_ORIGINAL)
        guard status == 0 else { return nil }
        output.removeSubrange(length...)
        return output
    }

    public static func base64Decode(_ text: String) -> [UInt8]? {
        Array(text.utf8).withUnsafeBytes { base64Decode($0) }
    }

    /// Compares two equally long secrets without leaking where they differ.
    /// Overwrites `bytes` with zeros in a way the compiler does not drop (sodium_memzero), for
    /// ordinary buffers that held a secret.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }

    public static func constantTimeEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return sodium_memcmp(a.baseAddress, b.baseAddress, a.count) == 0
    }
}
