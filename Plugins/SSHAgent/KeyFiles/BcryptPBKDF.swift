import Crypto

/// `bcrypt_pbkdf`, OpenBSD's key derivation function (Ted Unangst, 2013; `bcrypt_pbkdf.c`
/// revision 1.9 of 2014 onwards), with which OpenSSH derives the key and IV of an encrypted
/// `openssh-key-v1` private key from its passphrase (kdfname "bcrypt").
///
/// It is PBKDF2 with a bcrypt-based hash in place of HMAC: for each 32-byte block of output, the
/// salt followed by the block's number (a 32-bit big-endian count from 1) is hashed with SHA-512,
/// and `rounds` chained bcrypt hashes of that with the password's SHA-512 are XORed together.
/// Unlike PBKDF2 the blocks' bytes are interleaved in the output — byte `i` of block `b` goes to
/// `i × stride + b`, where `stride` is the number of blocks — so that every byte of a key depends
/// on all of the work.
internal enum BcryptPBKDF {
    /// Why a derivation was refused: the limits of OpenBSD's implementation.
    enum Error: Swift.Error, Equatable {
        /// Fewer than one round.
        case noRounds
        /// An empty password.
        case emptyPassword
        /// An empty salt.
        case emptySalt
        /// A salt of more than `maximumSaltCount` bytes.
        case saltTooLong
        /// An output of no bytes or of more than `maximumOutputCount`.
        case unsupportedOutputCount
    }

    /// The most bytes one derivation produces: 32 blocks of 32 bytes.
    static let maximumOutputCount = hashCount * hashCount
    /// The longest salt accepted, 1 MiB.
    static let maximumSaltCount = 1 << 20

    /// The size of a bcrypt hash, one block of output.
    private static let hashCount = 32
    /// The size of a SHA-512 digest.
    private static let digestCount = 64

    /// Derives `output.count` bytes (1 to `maximumOutputCount`) from `password` and `salt` with
    /// `rounds` iterations, writing them into `output`, which the caller owns (and may keep in
    /// guarded memory). The intermediate secrets it keeps — its copies of the SHA-512 digests,
    /// the Blowfish state, the blocks — are overwritten with zeros before it returns (the
    /// transient values inside swift-crypto's SHA512 are out of its reach).
    ///
    /// The time taken is linear in `rounds` × the number of 32-byte blocks: a caller reading
    /// `rounds` from a file should bound it first.
    static func deriveKey(
        password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: Int,
        into output: UnsafeMutableRawBufferPointer
    ) throws(Error) {
        try check(passwordCount: password.count, saltCount: salt.count, rounds: rounds, outputCount: output.count)
        derive(password: password, salt: salt, rounds: rounds, into: output)
    }

    /// `deriveKey(password:salt:rounds:into:)` returning the `count` bytes as an array, for
    /// callers with no guarded buffer of their own (and tests).
    static func deriveKey(
        password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: Int, count: Int
    ) throws(Error) -> [UInt8] {
        try check(passwordCount: password.count, saltCount: salt.count, rounds: rounds, outputCount: count)
        var key = [UInt8](repeating: 0, count: count)
        key.withUnsafeMutableBytes { derive(password: password, salt: salt, rounds: rounds, into: $0) }
        return key
    }

    /// Refuses what OpenBSD's implementation refuses.
    private static func check(passwordCount: Int, saltCount: Int, rounds: Int, outputCount: Int) throws(Error) {
        guard rounds >= 1 else { throw .noRounds }
        guard passwordCount > 0 else { throw .emptyPassword }
        guard saltCount > 0 else { throw .emptySalt }
        guard saltCount <= maximumSaltCount else { throw .saltTooLong }
        guard outputCount >= 1 && outputCount <= maximumOutputCount else { throw .unsupportedOutputCount }
    }

    /// The derivation itself, of arguments `check` accepted.
    private static func derive(
        password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: Int,
        into output: UnsafeMutableRawBufferPointer
    ) {
        // One allocation for the secrets: the password's digest, the current salt digest, the
        // block being accumulated and the latest bcrypt hash.
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * digestCount + 2 * hashCount, alignment: 8)
        defer {
            wipe(scratch)
            scratch.deallocate()
        }
        let passwordDigest = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<digestCount])
        let saltDigest = UnsafeMutableRawBufferPointer(rebasing: scratch[digestCount..<2 * digestCount])
        let block = UnsafeMutableRawBufferPointer(rebasing: scratch[2 * digestCount..<2 * digestCount + hashCount])
        let hash = UnsafeMutableRawBufferPointer(rebasing: scratch[(2 * digestCount + hashCount)...])
        let passwordKey = UnsafeRawBufferPointer(passwordDigest)
        let saltKey = UnsafeRawBufferPointer(saltDigest)
        var blowfish = Blowfish()

        copyDigest(sha512(password), into: passwordDigest)

        let keyCount = output.count
        let stride = (keyCount + hashCount - 1) / hashCount
        var bytesPerBlock = (keyCount + stride - 1) / stride
        var remaining = keyCount
        var blockNumber: UInt32 = 1
        while remaining > 0 {
            var saltHasher = SHA512()
            saltHasher.update(bufferPointer: salt)
            withUnsafeBytes(of: blockNumber.bigEndian) { saltHasher.update(bufferPointer: $0) }
            copyDigest(saltHasher.finalize(), into: saltDigest)
            bcryptHash(passwordDigest: passwordKey, saltDigest: saltKey, into: hash, using: &blowfish)
            block.copyMemory(from: UnsafeRawBufferPointer(hash))

            for _ in 1..<rounds {
                copyDigest(sha512(UnsafeRawBufferPointer(hash)), into: saltDigest)
                bcryptHash(passwordDigest: passwordKey, saltDigest: saltKey, into: hash, using: &blowfish)
                for index in 0..<hashCount {
                    block[index] ^= hash[index]
                }
            }

            // Byte i of block b (from 0) goes to i × stride + b, as far as the output reaches.
            bytesPerBlock = min(bytesPerBlock, remaining)
            var written = 0
            while written < bytesPerBlock {
                let destination = written * stride + Int(blockNumber - 1)
                if destination >= keyCount { break }
                output[destination] = block[written]
                written += 1
            }
            remaining -= written
            blockNumber += 1
        }
    }

    /// The bcrypt hash of bcrypt_pbkdf (`bcrypt_hash`): an expensive key schedule of 64 rounds
    /// keyed by the two digests, under which "OxychromaticBlowfishSwatDynamite" (eight big-endian
    /// words) is encrypted 64 times in ECB mode; the eight words are written little-endian.
    private static func bcryptHash(
        passwordDigest: UnsafeRawBufferPointer, saltDigest: UnsafeRawBufferPointer,
        into hash: UnsafeMutableRawBufferPointer, using blowfish: inout Blowfish
    ) {
        blowfish.reset()
        blowfish.expand(salt: saltDigest, key: passwordDigest)
        for _ in 0..<64 {
            blowfish.expand0(key: saltDigest)
            blowfish.expand0(key: passwordDigest)
        }
        // "Oxyc" "hrom" "atic" "Blow" "fish" "Swat" "Dyna" "mite", read big-endian.
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x4F78_7963, 0x6872_6F6D, 0x6174_6963, 0x426C_6F77,
            0x6669_7368, 0x5377_6174, 0x4479_6E61, 0x6D69_7465
        )
        for _ in 0..<64 {
            blowfish.encrypt(&words.0, &words.1)
            blowfish.encrypt(&words.2, &words.3)
            blowfish.encrypt(&words.4, &words.5)
            blowfish.encrypt(&words.6, &words.7)
        }
        withUnsafeBytes(of: words) { source in
            for index in 0..<8 {
                let word = source.load(fromByteOffset: 4 * index, as: UInt32.self)
                hash.storeBytes(of: word.littleEndian, toByteOffset: 4 * index, as: UInt32.self)
            }
        }
    }

    /// The SHA-512 digest of `bytes`.
    private static func sha512(_ bytes: UnsafeRawBufferPointer) -> SHA512.Digest {
        var hasher = SHA512()
        hasher.update(bufferPointer: bytes)
        return hasher.finalize()
    }

    /// Copies a SHA-512 digest's 64 bytes into `destination`.
    private static func copyDigest(_ digest: SHA512.Digest, into destination: UnsafeMutableRawBufferPointer) {
        var index = 0
        for byte in digest {
            destination[index] = byte
            index += 1
        }
    }

    /// Overwrites `bytes` with zeros.
    @inline(never)
    private static func wipe(_ bytes: UnsafeMutableRawBufferPointer) {
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }
}
