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
        guard let length = output.withUnsafeMutableBytes({ base64Decode(text, into: $0) }) else { return nil }
        output.removeSubrange(length...)
        return output
    }

    /// Decodes standard Base64 (padding required) in constant time into `output`, skipping the
    /// characters of `ignored` wherever they are (a key file's spaces): for secrets that must stay
    /// in memory of the caller's. The length written; `nil` when malformed or longer than `output`.
    public static func base64Decode(_ text: UnsafeRawBufferPointer, ignoring ignored: String? = nil,
                                    into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard let start = output.baseAddress else { return nil }
        var length = 0
        let status = (ignored ?? "").withCString { ignoredCharacters in
            sodium_base642bin(
                start.assumingMemoryBound(to: UInt8.self), output.count, text.baseAddress?.assumingMemoryBound(to: CChar.self),
                text.count, ignored == nil ? nil : ignoredCharacters, &length, nil, sodium_base64_VARIANT_ORIGINAL)
        }
        return status == 0 ? length : nil
    }

    public static func base64Decode(_ text: String) -> [UInt8]? {
        Array(text.utf8).withUnsafeBytes { base64Decode($0) }
    }

    /// Overwrites `bytes` with zeros in a way the compiler does not drop (sodium_memzero), for
    /// ordinary buffers that held a secret.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }

    /// Compares two equally long secrets without leaking where they differ.
    public static func constantTimeEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return sodium_memcmp(a.baseAddress, b.baseAddress, a.count) == 0
    }

    /// ChaCha20 as its author first defined it, with an 8-byte nonce and a 64-bit block counter
    /// (the form OpenSSH's chacha20-poly1305 uses): `input` XORed with the key stream from block
    /// `counter` into `output`, which is as long. `key` is 32 bytes.
    public static func chaCha20XOR(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, nonce: [UInt8], counter: UInt64,
        key: UnsafeRawBufferPointer
    ) {
        precondition(output.count == input.count && nonce.count == Int(crypto_stream_chacha20_NONCEBYTES)
                     && key.count == Int(crypto_stream_chacha20_KEYBYTES), "ChaCha20's lengths")
        guard let out = output.baseAddress, let into = input.baseAddress else { return }
        _ = crypto_stream_chacha20_xor_ic(
            out.assumingMemoryBound(to: UInt8.self), into.assumingMemoryBound(to: UInt8.self), UInt64(input.count), nonce,
            counter, key.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `tag` (16 bytes) is the Poly1305 authenticator of `message` under the one-time
    /// 32-byte `key`, compared in constant time.
    public static func poly1305Verifies(tag: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> Bool {
        guard tag.count == Int(crypto_onetimeauth_poly1305_BYTES), key.count == Int(crypto_onetimeauth_poly1305_KEYBYTES),
              let tagBytes = tag.baseAddress, let keyBytes = key.baseAddress else { return false }
        let empty: UInt8 = 0
        return withUnsafePointer(to: empty) { nothing in
            crypto_onetimeauth_poly1305_verify(
                tagBytes.assumingMemoryBound(to: UInt8.self), message.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? nothing,
                UInt64(message.count), keyBytes.assumingMemoryBound(to: UInt8.self)) == 0
        }
    }
}
