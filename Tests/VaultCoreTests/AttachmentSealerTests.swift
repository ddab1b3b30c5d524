import Testing
@testable import VaultCore

/// An attachment's content sealed in chunks (`AttachmentSealer`): every length around the chunk
/// boundaries comes back exactly, the sealing is deterministic per vault and key, and every way
/// of changing a sealed file is refused.
struct AttachmentSealerTests {
    private static let vaultID = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9"

    private static func sealer(_ key: UInt8 = 1, cipher: Cipher = .xchacha20poly1305, vaultID: String = vaultID) throws -> AttachmentSealer {
        var bytes = [UInt8](repeating: key, count: Cipher.keyLength)
        return try AttachmentSealer(dataKey: SecureBytes(consuming: &bytes), cipher: cipher, vaultID: vaultID)
    }

    private static func content(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    private static func sealed(_ content: [UInt8], by sealer: AttachmentSealer) throws -> (id: String, file: [UInt8]) {
        try content.withUnsafeBytes { bytes in
            let id = sealer.contentID(of: bytes)
            return (id, try sealer.seal(bytes, contentID: id))
        }
    }

    private static func opened(_ file: [UInt8], _ id: String, by sealer: AttachmentSealer) throws -> [UInt8] {
        try file.withUnsafeBytes { try sealer.open($0, contentID: id) }.withUnsafeBytes { Array($0) }
    }

    @Test("every length around the chunk boundaries comes back exactly, with one tag per chunk", arguments: [
        0, 1, 65535, 65536, 65537, 2 * 65536, 2 * 65536 + 7,
    ])
    func roundTrip(length: Int) throws {
        for cipher in Cipher.allCases where cipher.isAvailable {
            let sealer = try Self.sealer(cipher: cipher)
            let content = Self.content(length)
            let (id, file) = try Self.sealed(content, by: sealer)
            #expect(id.count == 64 && id.allSatisfy { "0123456789abcdef".contains($0) })
            let chunks = max(1, (length + 65535) / 65536)
            #expect(file.count == AttachmentSealer.magic.count + length + chunks * Cipher.tagLength)
            #expect(try Self.opened(file, id, by: sealer) == content)
            // No chunk holds its plaintext as it was.
            if length >= 64 { #expect(file.firstRange(of: content.prefix(64)) == nil) }
        }
    }

    @Test("one content sealed twice gives the same bytes; another vault's key or id gives other ids and bytes")
    func deterministic() throws {
        let content = Self.content(70000)
        let first = try Self.sealed(content, by: Self.sealer())
        let again = try Self.sealed(content, by: Self.sealer())
        #expect(first.id == again.id && first.file == again.file)
        let otherKey = try Self.sealed(content, by: Self.sealer(2))
        #expect(otherKey.id != first.id && otherKey.file != first.file)
        let otherVault = try Self.sealer(vaultID: "1b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9")
        let sameKeyOtherVault = try Self.sealed(content, by: otherVault)
        #expect(sameKeyOtherVault.file != first.file)
        #expect(throws: AttachmentError.tampered(contentID: first.id)) { try Self.opened(first.file, first.id, by: otherVault) }
    }

    @Test("a byte changed, the file cut or lengthened, chunks swapped or dropped, another content's file or id: each refused")
    func tampering() throws {
        let sealer = try Self.sealer()
        let (id, file) = try Self.sealed(Self.content(3 * 65536 + 100), by: sealer)
        let (otherID, otherFile) = try Self.sealed(Self.content(3 * 65536 + 101), by: sealer)
        let tampered = AttachmentError.tampered(contentID: id)
        let chunk = 65536 + Cipher.tagLength, start = AttachmentSealer.magic.count
        var changes: [[UInt8]] = []
        for index in [0, start, start + chunk - 1, start + chunk, file.count - 1] {
            var changed = file
            changed[index] ^= 1
            changes.append(changed)
        }
        changes.append(Array(file.dropLast()))
        changes.append(Array(file.dropLast(116)))  // the last chunk dropped whole
        changes.append(Array(file.prefix(start + chunk)))  // only the first chunk
        changes.append(file + [0])
        changes.append(file + Array(file[start..<(start + chunk)]))
        var swapped = file
        swapped.replaceSubrange(start..<(start + 2 * chunk), with: Array(file[(start + chunk)..<(start + 2 * chunk)]) + Array(file[start..<(start + chunk)]))
        changes.append(swapped)
        changes.append(otherFile)
        changes.append(Array(AttachmentSealer.magic))
        changes.append([])
        for changed in changes {
            #expect(throws: tampered) { try Self.opened(changed, id, by: sealer) }
        }
        #expect(throws: AttachmentError.tampered(contentID: otherID)) { try Self.opened(file, otherID, by: sealer) }
    }

    @Test("each cipher gets nonces of its own length, different for each chunk and content, whether or not this CPU runs it")
    func nonces() throws {
        for cipher in Cipher.allCases {
            let sealer = try Self.sealer(cipher: cipher)
            let ids = [String(repeating: "a", count: 64), String(repeating: "b", count: 64)]
            let nonces = ids.flatMap { id in (0..<3).map { sealer.nonce(id, $0) } }
            #expect(nonces.allSatisfy { $0.count == cipher.nonceLength })
            #expect(Set(nonces).count == nonces.count)
        }
    }
}

