import Testing
@testable import VaultCore

/// The canonical envelope: parse(render(x)) == x, and anything but the canonical text is refused.
struct EnvelopeTests {
    private func sample() throws -> [UInt8] {
        try AtomicFile.read(Fixtures.path("v1/vault.json"))
    }

    @Test func renderIsTheInverseOfParse() throws {
        let bytes = try sample()
        #expect(try Envelope.parse(bytes).render() == bytes)
    }

    @Test func everySingleByteChangeIsRefusedOrFailsToOpen() throws {
        let bytes = try sample()
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v1"), keyCache: NoKeyCache())
        for index in bytes.indices {
            for mask: UInt8 in [0x01, 0x20] {
                var changed = bytes
                changed[index] ^= mask
                let outcome = Result { () throws -> Void in
                    let envelope = try Envelope.parse(changed)
                    let dataKey = try unlocker.dataKey(for: envelope, label: "test")
                    let (payload, length) = try envelope.openPayload(dataKey: dataKey)
                    _ = try EntryTable(content: payload, length: length)
                }
                guard case .failure(let error) = outcome else {
                    Issue.record("flipping byte \(index) with \(mask) went unnoticed")
                    continue
                }
                #expect((error as? VaultFailure)?.exitStatus == .authenticationFailed, "byte \(index): \(error)")
            }
        }
    }

    @Test func newerVersionsAreRefusedClearly() throws {
        let text = String(decoding: try sample(), as: UTF8.self).replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 2,")
        #expect(throws: FormatError.newerVersion(2)) { try Envelope.parse(Array(text.utf8)) }
    }

    @Test func passwdKeepsThePayloadByteForByte() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        let store = VaultStore(path: path)
        let password = try FixedPassword(text: "one").masterPassword(prompt: "", confirm: false)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache())
        try store.create(password: password, kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "a", password: "x", created: .nowToTheSecond)) }
        let before = try Envelope.parse(AtomicFile.read(path))
        try store.changePassword(using: unlocker, to: try FixedPassword(text: "two").masterPassword(prompt: "", confirm: false))
        let after = try Envelope.parse(AtomicFile.read(path))
        #expect(after.payload == before.payload)
        #expect(after.salt != before.salt)
        #expect(after.dataKey != before.dataKey)
        let reopened = try store.open(using: Unlocker(passwordSource: FixedPassword(text: "two"), keyCache: NoKeyCache()))
        #expect(try reopened.entries.entry(named: "a")?.password == "x")
        #expect(throws: VaultOpenError.wrongPassword) {
            try store.open(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache()))
        }
    }
}
