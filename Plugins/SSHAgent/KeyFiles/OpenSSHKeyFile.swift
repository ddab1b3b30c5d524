import Crypto
import FoundationEssentials
import VaultCore
import _CryptoExtras

/// OpenSSH's own private key format (`-----BEGIN OPENSSH PRIVATE KEY-----`, PROTOCOL.key in
/// OpenSSH's sources): after the magic `openssh-key-v1\0`, the cipher and KDF names, the KDF's
/// options (bcrypt_pbkdf's salt and rounds), the number of keys (vault reads files with one),
/// the public key in clear, and the private section, encrypted unless the cipher is `none`:
/// two equal check numbers, the key's type and private fields, its comment, and padding
/// 1, 2, 3… to the cipher's block size.
struct OpenSSHKeyFile {
    static let label = "OPENSSH PRIVATE KEY"
    private static let magic = Array("openssh-key-v1".utf8) + [0]

    /// The most bcrypt_pbkdf rounds read (about 8 ms each here; ssh-keygen's default is 16):
    /// a damaged or hostile file cannot keep the agent busy for longer than a few seconds.
    static let maximumRounds = 1024

    private let body: SecureBytes
    private let outer: Outer

    /// The public key, which the file keeps in clear.
    var publicKey: SSHPublicKeyBlob { outer.publicKey }

    /// Reads everything in `body` (the armour's decoded bytes) but the private section.
    init(body: SecureBytes) throws(SSHKeyFileError) {
        self.body = body
        outer = try SSHKeyFileError.mapping { try body.withUnsafeBytes(Outer.init) }
    }

    var isEncrypted: Bool { outer.cipher != .none }

    /// Opens the private section with `passphrase` (unused when the file is not encrypted).
    func open(passphrase: SecureBytes?) throws(SSHKeyFileError) -> (key: SSHPrivateKey, comment: String) {
        let plaintext = try SSHKeyFileError.mapping { try decryptSection(passphrase: passphrase) }
        return try SSHKeyFileError.mapping { try plaintext.withUnsafeBytes(readSection) }
    }

    /// Reads the decrypted private section: the check numbers (which differ when the
    /// passphrase is wrong), the key, its comment and the padding.
    private func readSection(_ bytes: UnsafeRawBufferPointer) throws -> (key: SSHPrivateKey, comment: String) {
        var reader = SSHWireReader(bytes)
        let check = try reader.uint32()
        guard try reader.uint32() == check else {
            throw isEncrypted ? SSHKeyFileError.wrongPassphrase : .malformed("its check numbers differ")
        }
        let key = try SSHPrivateKeyFields.read(from: &reader)
        let comment = try reader.text()
        // The padding is 1, 2, 3… (PROTOCOL.key): anything else is a damaged file.
        for (index, byte) in reader.remaining.enumerated() where byte != UInt8(truncatingIfNeeded: index + 1) {
            throw SSHKeyFileError.malformed("its padding is wrong")
        }
        guard reader.remaining.count < outer.cipher.blockSize else { throw SSHKeyFileError.malformed("it holds more than one key") }
        guard key.publicKey == publicKey else { throw SSHKeyFileError.mismatchedPublicKey }
        return (key, comment)
    }

    private func decryptSection(passphrase: SecureBytes?) throws -> SecureBytes {
        try body.withUnsafeBytes { bytes in
            let ciphertext = UnsafeRawBufferPointer(rebasing: bytes[outer.section])
            let tag = UnsafeRawBufferPointer(rebasing: bytes[outer.tag])
            let keyAndIV = try SecureBytes(count: outer.cipher.keyLength + outer.cipher.ivLength)
            if isEncrypted {
                guard let passphrase, passphrase.count > 0 else { throw SSHKeyFileError.passphraseNeeded }
                try passphrase.withUnsafeBytes { password in
                    try outer.salt.withUnsafeBytes { salt in
                        try keyAndIV.withUnsafeMutableBytes { output in
                            try BcryptPBKDF.deriveKey(password: password, salt: salt, rounds: outer.rounds, into: output)
                        }
                    }
                }
            }
            guard let plaintext = try outer.cipher.decrypt(ciphertext, tag: tag, keyAndIV: keyAndIV) else {
                throw SSHKeyFileError.wrongPassphrase
            }
            return plaintext
        }
    }

    /// The file's parts before the private section, and where that section and its tag are.
    private struct Outer {
        let cipher: KeyFileCipher
        let publicKey: SSHPublicKeyBlob
        let salt: [UInt8]
        let rounds: Int
        let section: Range<Int>
        let tag: Range<Int>

        init(_ bytes: UnsafeRawBufferPointer) throws {
            var reader = SSHWireReader(bytes)
            guard try reader.take(OpenSSHKeyFile.magic.count).elementsEqual(OpenSSHKeyFile.magic) else {
                throw SSHKeyFileError.malformed("it is not an openssh-key-v1 file")
            }
            let cipherName = try reader.text()
            guard let cipher = KeyFileCipher(name: cipherName) else { throw SSHKeyFileError.unsupportedCipher(cipherName) }
            let kdfName = try reader.text()
            let kdfOptions = try reader.string()
            var salt: [UInt8] = []
            var rounds = 0
            switch (cipher, kdfName) {
            case (.none, "none"):
                guard kdfOptions.isEmpty else { throw SSHKeyFileError.malformed("it has KDF options but no KDF") }
            case (.none, _), (_, "none"):
                throw SSHKeyFileError.malformed("its cipher and KDF do not go together")
            case (_, "bcrypt"):
                var options = SSHWireReader(kdfOptions)
                salt = Array(try options.string())
                rounds = Int(try options.uint32())
                try options.expectEnd()
                guard (1...OpenSSHKeyFile.maximumRounds).contains(rounds), !salt.isEmpty else {
                    throw SSHKeyFileError.malformed("its bcrypt rounds or salt are out of range (1 to \(OpenSSHKeyFile.maximumRounds) rounds)")
                }
            default:
                throw SSHKeyFileError.unsupportedKDF(kdfName)
            }
            guard try reader.uint32() == 1 else { throw SSHKeyFileError.malformed("it does not hold exactly one key") }
            let publicKey = try SSHPublicKeyBlob(reading: try reader.string())
            let sectionLength = Int(try reader.uint32())
            let start = reader.offset
            _ = try reader.take(sectionLength)
            let tagStart = reader.offset
            _ = try reader.take(cipher.tagLength)
            try reader.expectEnd()
            guard sectionLength % cipher.blockSize == 0 else { throw SSHKeyFileError.malformed("its private part is not whole blocks") }
            self.cipher = cipher
            self.publicKey = publicKey
            self.salt = salt
            self.rounds = rounds
            section = start..<start + sectionLength
            tag = tagStart..<tagStart + cipher.tagLength
        }
    }
}
