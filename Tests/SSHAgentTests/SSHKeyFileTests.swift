import FoundationEssentials
import Testing
@testable import SSHAgent
import VaultCore

/// Key files made by the real `ssh-keygen` (and `openssl`), of every type, format and cipher
/// vault reads: opened with their passphrases, their public key lines and fingerprints compared
/// with `ssh-keygen -y` and `-l`, and signatures checked by `ssh-keygen -Y check-novalidate`.
@Suite(.serialized)
struct SSHKeyFileTests {
    static let passphrase = "correct horse battery"

    /// The kinds of key ssh-keygen makes, with the options that make each.
    static let kinds: [(type: String, options: [String])] = [
        ("ed25519", []), ("ecdsa", ["-b", "256"]), ("ecdsa", ["-b", "384"]), ("ecdsa", ["-b", "521"]), ("rsa", ["-b", "2048"]),
    ]

    @Test("every type in OpenSSH's format, plain and encrypted: the same public key line, fingerprint and a signature OpenSSH accepts",
          arguments: kinds)
    func openSSHFormat(type: String, options: [String]) throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        for passphrase in ["", Self.passphrase] {
            let text = try tool.makeKey("key", type: type, passphrase: passphrase, comment: "me@example", options)
            try checkKey(text, passphrase: passphrase, file: "key", tool: tool)
            try tool.run("rm", ["key", "key.pub"])
        }
    }

    @Test("every cipher ssh-keygen -Z writes opens with the passphrase, and no other",
          arguments: ["aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-cbc", "aes256-cbc", "aes128-gcm@openssh.com",
                      "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com"])
    func ciphers(cipher: String) throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let text = try tool.makeKey("key", type: "ed25519", passphrase: Self.passphrase, comment: "c", ["-Z", cipher, "-a", "4"])
        #expect(try SSHKeyFile.open(text, passphrase: Self.passphrase).key.publicKey.line(comment: "c") == tool.publicKeyLine("key", passphrase: Self.passphrase))
        #expect(throws: SSHKeyFileError.wrongPassphrase) { try SSHKeyFile.open(text, passphrase: "correct horse battery!") }
        #expect(throws: SSHKeyFileError.passphraseNeeded) { try SSHKeyFile.open(text, passphrase: nil) }
        // Without the passphrase, the public key OpenSSH keeps in clear (and no comment).
        #expect(try SSHKeyFile.publicKeyLine(of: text, passphrase: nil) == String(tool.publicKeyLine("key", passphrase: Self.passphrase).dropLast(2)))
    }

    @Test("PEM keys: PKCS#1, SEC1 and PKCS#8, plain and encrypted as ssh-keygen -m writes them", arguments: [
        ("rsa", "PEM", ""), ("rsa", "PEM", passphrase), ("rsa", "PKCS8", ""), ("rsa", "PKCS8", passphrase),
        ("ecdsa", "PEM", ""), ("ecdsa", "PEM", passphrase), ("ecdsa", "PKCS8", ""), ("ecdsa", "PKCS8", passphrase),
    ])
    func pem(type: String, format: String, passphrase: String) throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let text = try tool.makeKey("key", type: type, passphrase: passphrase, ["-m", format])
        #expect(!text.contains("OPENSSH"))
        try checkKey(text, passphrase: passphrase, file: "key", tool: tool)
        if !passphrase.isEmpty {
            #expect(throws: SSHKeyFileError.passphraseNeeded) { try SSHKeyFile.open(text, passphrase: nil) }
            #expect(throws: (any Error).self) { try SSHKeyFile.open(text, passphrase: "not it") }
        }
    }

    @Test("an Ed25519 key in PKCS#8, as OpenSSL writes it (OpenSSH 9.2 reads none): OpenSSL's public key, a signature OpenSSH accepts")
    func ed25519PKCS8() throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let text = try tool.run("openssl", ["genpkey", "-algorithm", "ed25519"])
        try tool.write(text, to: "key")
        let publicDER = try tool.run("openssl", ["pkey", "-in", "key", "-pubout", "-outform", "DER"], binary: true)
        let opened = try SSHKeyFile.open(text, passphrase: nil)
        #expect(opened.key.publicKey == SSHPublicKeyBlob(ed25519: publicDER.suffix(32)))
        try expectSignaturesAccepted(by: opened.key, tool: tool)
    }

    @Test("encrypted PKCS#8 as OpenSSL writes it with each PBKDF2 hash and AES key length; a wrong passphrase is said so",
          arguments: [("-aes-128-cbc", "hmacWithSHA1"), ("-aes-192-cbc", "hmacWithSHA256"), ("-aes-256-cbc", "hmacWithSHA512")])
    func encryptedPKCS8(cipher: String, hash: String) throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let plain = try tool.run("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"])
        try tool.write(plain, to: "plain.pem")
        let text = try tool.run("openssl", ["pkcs8", "-topk8", "-in", "plain.pem", "-v2", String(cipher.dropFirst()), "-v2prf", hash,
                                            "-passout", "pass:" + Self.passphrase])
        #expect(text.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        let opened = try SSHKeyFile.open(text, passphrase: Self.passphrase)
        #expect(opened.key.publicKey == (try SSHKeyFile.open(plain, passphrase: nil).key.publicKey))
        #expect(throws: SSHKeyFileError.wrongPassphrase) { try SSHKeyFile.open(text, passphrase: "not it") }
    }

    @Test("an RSA key under 2,048 bits is refused, whatever its format", arguments: ["RFC4716", "PEM", "PKCS8"])
    func shortRSA(format: String) throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let text = try tool.makeKey("key", type: "rsa", ["-b", "1024", "-m", format])
        #expect(throws: SSHKeyFileError.rsaKeyTooShort(bits: 1024)) { try SSHKeyFile.open(text, passphrase: nil) }
    }

    @Test("a FIDO key is declined by name, as is a file that holds no key")
    func declined() throws {
        var inner = SSHWireWriter()
        inner.text("sk-ssh-ed25519@openssh.com")
        inner.string([UInt8](repeating: 7, count: 32))
        inner.text("ssh:")
        var file = SSHWireWriter()
        file.text("none")
        file.text("none")
        file.string([UInt8]())
        file.uint32(1)
        file.string(inner.bytes)
        file.string([UInt8](repeating: 0, count: 8))
        let text = "-----BEGIN OPENSSH PRIVATE KEY-----\n"
            + Data(Array("openssh-key-v1\0".utf8) + file.bytes).base64EncodedString()
            + "\n-----END OPENSSH PRIVATE KEY-----\n"
        #expect(throws: SSHKeyFileError.unsupportedKeyType("sk-ssh-ed25519@openssh.com")) { try SSHKeyFile.open(text, passphrase: nil) }
        #expect(throws: SSHKeyFileError.notAKey) { try SSHKeyFile.open("ssh-ed25519 AAAA a public key", passphrase: nil) }
        #expect(throws: SSHKeyFileError.notAKey) { try SSHKeyFile.open("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----", passphrase: nil) }
    }

    @Test("every shorter prefix and every one-byte change of a key file is an error, never a crash or another key")
    func damaged() throws {
        let tool = try OpenSSHTool()
        defer { tool.remove() }
        let text = try tool.makeKey("key", type: "ecdsa", comment: "c")
        let armor = try #require(Array(text.utf8).withUnsafeBytes(PEMArmor.init))
        let body = armor.body.withUnsafeBytes { Array($0) }
        let original = try SSHKeyFile.open(text, passphrase: nil).key.publicKey
        func wrapped(_ bytes: [UInt8]) -> String {
            "-----BEGIN OPENSSH PRIVATE KEY-----\n" + Data(bytes).base64EncodedString() + "\n-----END OPENSSH PRIVATE KEY-----\n"
        }
        for length in 0..<body.count {
            #expect(throws: SSHKeyFileError.self) { try SSHKeyFile.open(wrapped(Array(body.prefix(length))), passphrase: nil) }
        }
        for index in body.indices {
            var changed = body
            changed[index] ^= 0x41
            if let opened = try? SSHKeyFile.open(wrapped(changed), passphrase: nil) {
                // Only the comment and the padding's last bytes may change without a refusal.
                #expect(opened.key.publicKey == original, "byte \(index)")
            }
        }
    }

    /// Opens `text` and compares it with what OpenSSH says of the key file `file`, and has OpenSSH
    /// check its signatures.
    private func checkKey(_ text: String, passphrase: String, file: String, tool: OpenSSHTool) throws {
        let opened = try SSHKeyFile.open(text, passphrase: passphrase.isEmpty ? nil : passphrase)
        let expected = try tool.publicKeyLine(file, passphrase: passphrase)
        #expect(opened.key.publicKey.line(comment: opened.comment) == expected)
        #expect(try SSHKeyFile.publicKeyLine(of: text, passphrase: passphrase.isEmpty ? nil : passphrase) == expected)
        // Without the passphrase, the public key, but for an encrypted PEM key, which holds it inside.
        var bytes = Array(text.utf8)
        let withoutPassphrase = try SSHKeyFile.publicKeyWithoutPassphrase(of: SecureBytes(consuming: &bytes))
        #expect(withoutPassphrase == (!passphrase.isEmpty && !text.contains("OPENSSH") ? nil : opened.key.publicKey))
        try tool.write(expected + "\n", to: file + ".pub")
        #expect(opened.key.publicKey.fingerprint == (try tool.fingerprint(file + ".pub")))
        try expectSignaturesAccepted(by: opened.key, tool: tool)
    }

    /// Signs a message with each of `key`'s algorithms and has OpenSSH check the signature.
    private func expectSignaturesAccepted(by key: SSHPrivateKey, tool: OpenSSHTool) throws {
        let message = Array("a commit to sign\n".utf8)
        try tool.write("a commit to sign\n", to: "message")
        let algorithms: [SSHSignatureAlgorithm] = switch key.publicKey.kind {
        case .rsa: [.rsaSHA512, .rsaSHA256]
        case .ed25519: [.ed25519]
        case let kind: [.ecdsa(kind)]
        }
        for algorithm in algorithms {
            let signature = try key.signature(of: SSHSignatureFile.signedData(of: message, namespace: "git"), algorithm: algorithm)
            try tool.write(SSHSignatureFile.armoured(signature: signature, publicKey: key.publicKey, namespace: "git"), to: "message.sig")
            let verdict = try tool.run("ssh-keygen", ["-Y", "check-novalidate", "-n", "git", "-s", "message.sig"], input: "a commit to sign\n")
            #expect(verdict.contains("Good \"git\" signature"), "\(algorithm): \(verdict)")
        }
    }
}
