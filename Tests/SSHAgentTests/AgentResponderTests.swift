import Crypto
import _CryptoExtras
import Testing
@testable import SSHAgent

/// The agent's protocol without a socket: requests read from their bytes, the answers of the
/// responder over keys kept in memory (a locked source, a confirmer that says no, SHA-1 allowed
/// or not), and the framing's limits.
struct AgentResponderTests {
    /// Keys served from memory, or none when locked; counts how often a key was opened.
    final class MemoryKeys: AgentKeySource {
        var keys: [(SSHPrivateKey, String)]
        var locked = false
        var opened = 0

        init(_ keys: [(SSHPrivateKey, String)]) { self.keys = keys }

        func identities() throws -> [AgentIdentity] {
            guard !locked else { throw SSHKeyFileError.notAKey }
            return keys.map { AgentIdentity(publicKey: $0.0.publicKey, entryName: $0.1) }
        }

        func key(for blob: [UInt8]) throws -> AgentKey? {
            guard let (key, name) = try identities().isEmpty ? nil : keys.first(where: { $0.0.publicKey.bytes == blob }) else { return nil }
            return AgentKey(identity: AgentIdentity(publicKey: key.publicKey, entryName: name)) {
                self.opened += 1
                return key
            }
        }
    }

    private let ed25519 = SSHPrivateKey.ed25519(Curve25519.Signing.PrivateKey())
    private let ecdsa = SSHPrivateKey.ecdsaP384(P384.Signing.PrivateKey())

    private func responder(_ keys: MemoryKeys, policy: AgentResponder.Policy = .init(), confirms: Bool = true,
                           log: @escaping (String) -> Void = { _ in }) -> AgentResponder {
        AgentResponder(keys: keys, policy: policy, confirm: { _ in confirms }, log: log)
    }

    private func request(_ bytes: [UInt8]) throws -> AgentRequest {
        try bytes.withUnsafeBytes { try AgentRequest(body: $0) }
    }

    private func signRequest(_ blob: [UInt8], data: [UInt8] = Array("session".utf8), flags: UInt32 = 0) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.byte(13)
        writer.string(blob)
        writer.string(data)
        writer.uint32(flags)
        return writer.bytes
    }

    @Test("identities: each key's blob and entry name; none while locked")
    func identities() throws {
        let keys = MemoryKeys([(ed25519, "ssh/one"), (ecdsa, "ssh/two")])
        var connection = AgentConnectionState(client: "ssh (pid 1)")
        var expected = SSHWireWriter()
        expected.byte(12)
        expected.uint32(2)
        expected.string(ed25519.publicKey.bytes)
        expected.text("ssh/one")
        expected.string(ecdsa.publicKey.bytes)
        expected.text("ssh/two")
        #expect(responder(keys).respond(to: try request([11]), on: &connection) == expected.bytes)
        keys.locked = true
        #expect(responder(keys).respond(to: try request([11]), on: &connection) == [12, 0, 0, 0, 0])
    }

    @Test("a signature the key's public key accepts; none with a key not served, while locked, or unconfirmed")
    func signs() throws {
        let keys = MemoryKeys([(ed25519, "ssh/one")])
        var connection = AgentConnectionState(client: "ssh (pid 1)")
        let answer = responder(keys).respond(to: try request(signRequest(ed25519.publicKey.bytes)), on: &connection)
        #expect(answer.first == 14)
        let signature = try answer.withUnsafeBytes { bytes in
            var reader = SSHWireReader(UnsafeRawBufferPointer(rebasing: bytes[1...]))
            var inner = SSHWireReader(try reader.string())
            try reader.expectEnd()
            #expect(try inner.text() == "ssh-ed25519")
            return Array(try inner.string())
        }
        guard case .ed25519(let key) = ed25519 else { return }
        #expect(key.publicKey.isValidSignature(signature, for: Array("session".utf8)))
        #expect(keys.opened == 1)

        #expect(responder(keys).respond(to: try request(signRequest(ecdsa.publicKey.bytes)), on: &connection) == [5])
        #expect(responder(keys, policy: .init(confirmsEachSignature: true), confirms: false).respond(to: try request(signRequest(ed25519.publicKey.bytes)), on: &connection) == [5])
        keys.locked = true
        #expect(responder(keys).respond(to: try request(signRequest(ed25519.publicKey.bytes)), on: &connection) == [5])
        #expect(keys.opened == 1, "a key opened for a refused request")
    }

    @Test("the confirmation names the entry, the client and the host key the connection was bound to")
    func confirmationShowsTheBinding() throws {
        let keys = MemoryKeys([(ed25519, "ssh/one")])
        var asked: [SignatureConfirmation] = []
        let responder = AgentResponder(keys: keys, policy: .init(confirmsEachSignature: true), confirm: { asked.append($0); return true }, log: { _ in })
        let jump = SSHPrivateKey.ecdsaP256(P256.Signing.PrivateKey())
        let server = SSHPrivateKey.ed25519(Curve25519.Signing.PrivateKey())
        let other = SSHPrivateKey.ecdsaP384(P384.Signing.PrivateKey())
        func confirmation(_ destination: SSHPrivateKey?, through: [SSHPrivateKey], refused: Bool = false) -> SignatureConfirmation {
            SignatureConfirmation(entryName: "ssh/one", client: "ssh (pid 7)", destination: destination?.publicKey.fingerprint,
                                  forwardedThrough: through.map(\.publicKey.fingerprint), bindingRefused: refused)
        }

        // Forwarded through a jump host to a server: a login to the server's session names it.
        var connection = AgentConnectionState(client: "ssh (pid 7)")
        #expect(responder.respond(to: try request(bind(jump, session: 1, forwarding: true)), on: &connection) == [6])
        #expect(responder.respond(to: try request(bind(server, session: 2, forwarding: false)), on: &connection) == [6])
        for data in [login(session: 2, hostKey: nil), login(session: 2, hostKey: server)] {
            _ = responder.respond(to: try request(signRequest(ed25519.publicKey.bytes, data: data)), on: &connection)
        }
        // Not that login: another session, another host key named, or no login at all.
        for data in [login(session: 3, hostKey: nil), login(session: 2, hostKey: other), Array("SSHSIG".utf8)] {
            _ = responder.respond(to: try request(signRequest(ed25519.publicKey.bytes, data: data)), on: &connection)
        }
        #expect(asked == [confirmation(server, through: [jump]), confirmation(server, through: [jump])]
                + Array(repeating: confirmation(nil, through: [jump]), count: 3))

        // Bound only for forwarding (a process on the jump host asking): no server is named.
        asked = []
        var forwarded = AgentConnectionState(client: "ssh (pid 7)")
        #expect(responder.respond(to: try request(bind(jump, session: 1, forwarding: true)), on: &forwarded) == [6])
        _ = responder.respond(to: try request(signRequest(ed25519.publicKey.bytes, data: login(session: 1, hostKey: jump))), on: &forwarded)
        #expect(asked == [confirmation(nil, through: [jump])])

        // A binding that does not check is said so.
        asked = []
        var refused = AgentConnectionState(client: "ssh (pid 7)")
        #expect(responder.respond(to: try request(bind(server, session: 2, forwarding: false, forged: true)), on: &refused) == [5])
        _ = responder.respond(to: try request(signRequest(ed25519.publicKey.bytes, data: login(session: 2, hostKey: nil))), on: &refused)
        #expect(asked == [confirmation(nil, through: [], refused: true)])
    }

    /// What OpenSSH's client has signed to log in (RFC 4252): session `session`'s identifier (32
    /// bytes all that number), then the request, naming `hostKey` in the host-bound method.
    private func login(session: UInt8, hostKey: SSHPrivateKey?) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.string([UInt8](repeating: session, count: 32))
        writer.byte(50)
        writer.text("jane")
        writer.text("ssh-connection")
        writer.text(hostKey == nil ? "publickey" : "publickey-hostbound-v00@openssh.com")
        writer.byte(1)
        writer.text("ssh-ed25519")
        writer.string(ed25519.publicKey.bytes)
        if let hostKey { writer.string(hostKey.publicKey.bytes) }
        return writer.bytes
    }

    /// A `session-bind@openssh.com` request: `hostKey`'s signature of session `session` (its
    /// 32 bytes all that number), or a signature of another session when `forged`.
    private func bind(_ hostKey: SSHPrivateKey, session: UInt8, forwarding: Bool, forged: Bool = false) throws -> [UInt8] {
        let sessionID = [UInt8](repeating: session, count: 32)
        var writer = SSHWireWriter()
        writer.byte(27)
        writer.text("session-bind@openssh.com")
        writer.string(hostKey.publicKey.bytes)
        writer.string(sessionID)
        writer.string(try hostKey.signature(of: forged ? sessionID.reversed() + [0] : sessionID, algorithm: SSHSignatureAlgorithm(kind: hostKey.publicKey.kind, flags: 4)))
        writer.byte(forwarding ? 1 : 0)
        return writer.bytes
    }

    @Test("a session binding is refused when its signature is not the host key's, after a login's binding, for a session bound to another key, and past 16")
    func bindingsChecked() throws {
        let keys = MemoryKeys([])
        let host = SSHPrivateKey.ed25519(Curve25519.Signing.PrivateKey())
        let other = SSHPrivateKey.rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        var connection = AgentConnectionState(client: "x")
        #expect(responder(keys).respond(to: try request(bind(host, session: 1, forwarding: true, forged: true)), on: &connection) == [5])
        #expect(responder(keys).respond(to: try request(bind(other, session: 1, forwarding: true)), on: &connection) == [6])
        #expect(responder(keys).respond(to: try request(bind(other, session: 1, forwarding: true)), on: &connection) == [6], "the same binding again")
        #expect(responder(keys).respond(to: try request(bind(host, session: 1, forwarding: true)), on: &connection) == [5], "another key")
        #expect(responder(keys).respond(to: try request(bind(host, session: 2, forwarding: false)), on: &connection) == [6])
        #expect(responder(keys).respond(to: try request(bind(host, session: 3, forwarding: true)), on: &connection) == [5], "after a login")
        #expect(connection.bindings.count == 2)

        var many = AgentConnectionState(client: "x")
        for session in 1...16 {
            #expect(responder(keys).respond(to: try request(bind(host, session: UInt8(session), forwarding: true)), on: &many) == [6])
        }
        #expect(responder(keys).respond(to: try request(bind(host, session: 17, forwarding: true)), on: &many) == [5])
    }

    @Test("query lists the extensions served")
    func query() throws {
        var connection = AgentConnectionState(client: "x")
        var expected = SSHWireWriter()
        expected.byte(29)
        expected.text("query")
        expected.text("session-bind@openssh.com")
        #expect(responder(MemoryKeys([])).respond(to: try request([27, 0, 0, 0, 5] + Array("query".utf8)), on: &connection) == expected.bytes)
    }

    @Test("RSA: SHA-256 or SHA-512 exactly as flagged (SHA-256 with both); SHA-1 only when allowed")
    func rsaAlgorithms() throws {
        #expect(SSHSignatureAlgorithm(kind: .rsa, flags: 2) == .rsaSHA256)
        #expect(SSHSignatureAlgorithm(kind: .rsa, flags: 4) == .rsaSHA512)
        #expect(SSHSignatureAlgorithm(kind: .rsa, flags: 6) == .rsaSHA256)
        #expect(SSHSignatureAlgorithm(kind: .rsa, flags: 0) == .rsaSHA1)
        #expect(SSHSignatureAlgorithm(kind: .ed25519, flags: 4) == .ed25519)
        #expect(SSHSignatureAlgorithm(kind: .ecdsaP384, flags: 2) == .ecdsa(.ecdsaP384))

        let rsa = SSHPrivateKey.rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        let keys = MemoryKeys([(rsa, "ssh/rsa")])
        var connection = AgentConnectionState(client: "x")
        func algorithm(of answer: [UInt8]) throws -> String? {
            guard answer.first == 14 else { return nil }
            return try answer.withUnsafeBytes { bytes in
                var reader = SSHWireReader(UnsafeRawBufferPointer(rebasing: bytes[1...]))
                var inner = SSHWireReader(try reader.string())
                return try inner.text()
            }
        }
        for (flags, expected) in [(UInt32(2), "rsa-sha2-256"), (4, "rsa-sha2-512"), (6, "rsa-sha2-256")] {
            #expect(try algorithm(of: responder(keys).respond(to: try request(signRequest(rsa.publicKey.bytes, flags: flags)), on: &connection)) == expected)
        }
        #expect(responder(keys).respond(to: try request(signRequest(rsa.publicKey.bytes)), on: &connection) == [5])
        let allowing = responder(keys, policy: .init(allowsSHA1: true))
        #expect(try algorithm(of: allowing.respond(to: try request(signRequest(rsa.publicKey.bytes)), on: &connection)) == "ssh-rsa")
    }

    @Test("add, remove, lock, smart-card requests and unknown extensions are refused; bad bytes are errors", arguments: [
        [UInt8]([17, 0, 0, 0, 0]), [18], [19], [22, 0, 0, 0, 0], [23, 0, 0, 0, 0], [20], [25], [26], [1], [255],
        [27, 0, 0, 0, 4] + Array("lock".utf8),
    ])
    func refused(bytes: [UInt8]) throws {
        var connection = AgentConnectionState(client: "x")
        #expect(responder(MemoryKeys([])).respond(to: try request(bytes), on: &connection) == [5])
    }

    @Test("malformed requests are errors, never requests", arguments: [
        [UInt8](), [11, 0], [13], [13, 0, 0, 0, 9, 1], [13, 0, 0, 0, 0, 0, 0, 0, 0], [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [27], [27, 0, 0, 0, 24] + Array("session-bind@openssh.com".utf8),
        [27, 0, 0, 0, 24] + Array("session-bind@openssh.com".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
    ])
    func malformed(bytes: [UInt8]) {
        #expect(throws: SSHWireError.self) { try request(bytes) }
    }

    @Test("framing: messages cut from any split of the bytes; an empty or over-256-KiB length is an error before its body comes")
    func framing() throws {
        let messages: [[UInt8]] = [[11], signRequest([1, 2, 3]), [27, 0, 0, 0, 0]]
        let stream = messages.flatMap(AgentMessageFraming.framed)
        for split in 0...stream.count {
            var framing = AgentMessageFraming()
            var read: [[UInt8]] = []
            for part in [Array(stream[..<split]), Array(stream[split...])] {
                part.withUnsafeBytes { framing.append($0) }
                while let message = try framing.nextMessage() { read.append(message) }
            }
            #expect(read == messages, "split at \(split)")
        }
        var tooLong = AgentMessageFraming()
        [UInt8]([0x00, 0x04, 0x00, 0x01, 13]).withUnsafeBytes { tooLong.append($0) }
        #expect(throws: AgentFramingError.tooLong(256 * 1024 + 1)) { try tooLong.nextMessage() }
        var empty = AgentMessageFraming()
        [UInt8]([0, 0, 0, 0]).withUnsafeBytes { empty.append($0) }
        #expect(throws: AgentFramingError.empty) { try empty.nextMessage() }
    }
}
