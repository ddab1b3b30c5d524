import Testing
@testable import VaultCore

/// AEAD round trips and authentication failures for both ciphers.
struct CipherTests {
    static let available = Cipher.allCases.filter(\.isAvailable)

    @Test(arguments: available)
    func roundTrip(cipher: Cipher) throws {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        let message = Array("the quick brown fox".utf8)
        let box = try message.withUnsafeBytes { try cipher.seal($0, key: key, associatedData: [1, 2, 3]) }
        #expect(box.nonce.count == cipher.nonceLength)
        #expect(box.ciphertext.count == message.count + Cipher.tagLength)
        let opened = try cipher.open(box, key: key, associatedData: [1, 2, 3])
        #expect(opened.withUnsafeBytes { Array($0) } == message)
    }

    @Test(arguments: available)
    func everyWriteUsesAFreshNonce(cipher: Cipher) throws {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        let nonces = try (0..<50).map { _ in try [UInt8]().withUnsafeBytes { try cipher.seal($0, key: key, associatedData: []).nonce } }
        #expect(Set(nonces.map { $0.description }).count == 50)
    }

    @Test(arguments: available)
    func tamperingFailsAuthentication(cipher: Cipher) throws {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        let box = try Array("secret".utf8).withUnsafeBytes { try cipher.seal($0, key: key, associatedData: [9]) }
        for index in box.ciphertext.indices {
            var changed = box
            changed.ciphertext[index] ^= 0x40
            #expect(throws: CryptoError.authenticationFailed) { try cipher.open(changed, key: key, associatedData: [9]) }
        }
        var changedNonce = box
        changedNonce.nonce[0] ^= 1
        #expect(throws: CryptoError.authenticationFailed) { try cipher.open(changedNonce, key: key, associatedData: [9]) }
        #expect(throws: CryptoError.authenticationFailed) { try cipher.open(box, key: key, associatedData: [8]) }
        let otherKey = try SecureBytes.random(count: Cipher.keyLength)
        #expect(throws: CryptoError.authenticationFailed) { try cipher.open(box, key: otherKey, associatedData: [9]) }
    }
}
