import Testing
@testable import SSHAgent

/// Blowfish and `bcrypt_pbkdf` against published vectors: Eric Young's Blowfish vectors,
/// OpenBSD's regression test of `bcrypt_pbkdf`, vectors made with a second implementation
/// (Python's `bcrypt.kdf`), and the key derivation of a private key `ssh-keygen` encrypted.
struct BcryptPBKDFTests {
    /// One derivation and the key it should give.
    struct KDFVector: Sendable, CustomTestStringConvertible {
        let password: [UInt8]
        let salt: [UInt8]
        let rounds: Int
        let key: String

        var testDescription: String { "\(password.count)-byte password, \(salt.count)-byte salt, \(rounds) rounds, \(key.count / 2) bytes" }
    }

    // MARK: Blowfish

    /// Eric Young's Blowfish ECB vectors (key, plaintext, ciphertext), all 34 of the "ecb test
    /// data" set, from https://www.schneier.com/wp-content/uploads/2015/12/vectors-2.txt.
    @Test(arguments: [
        ("0000000000000000", "0000000000000000", "4EF997456198DD78"),
        ("FFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "51866FD5B85ECB8A"),
        ("3000000000000000", "1000000000000001", "7D856F9A613063F2"),
        ("1111111111111111", "1111111111111111", "2466DD878B963C9D"),
        ("0123456789ABCDEF", "1111111111111111", "61F9C3802281B096"),
        ("1111111111111111", "0123456789ABCDEF", "7D0CC630AFDA1EC7"),
        ("0000000000000000", "0000000000000000", "4EF997456198DD78"),
        ("FEDCBA9876543210", "0123456789ABCDEF", "0ACEAB0FC6A0A28D"),
        ("7CA110454A1A6E57", "01A1D6D039776742", "59C68245EB05282B"),
        ("0131D9619DC1376E", "5CD54CA83DEF57DA", "B1B8CC0B250F09A0"),
        ("07A1133E4A0B2686", "0248D43806F67172", "1730E5778BEA1DA4"),
        ("3849674C2602319E", "51454B582DDF440A", "A25E7856CF2651EB"),
        ("04B915BA43FEB5B6", "42FD443059577FA2", "353882B109CE8F1A"),
        ("0113B970FD34F2CE", "059B5E0851CF143A", "48F4D0884C379918"),
        ("0170F175468FB5E6", "0756D8E0774761D2", "432193B78951FC98"),
        ("43297FAD38E373FE", "762514B829BF486A", "13F04154D69D1AE5"),
        ("07A7137045DA2A16", "3BDD119049372802", "2EEDDA93FFD39C79"),
        ("04689104C2FD3B2F", "26955F6835AF609A", "D887E0393C2DA6E3"),
        ("37D06BB516CB7546", "164D5E404F275232", "5F99D04F5B163969"),
        ("1F08260D1AC2465E", "6B056E18759F5CCA", "4A057A3B24D3977B"),
        ("584023641ABA6176", "004BD6EF09176062", "452031C1E4FADA8E"),
        ("025816164629B007", "480D39006EE762F2", "7555AE39F59B87BD"),
        ("49793EBC79B3258F", "437540C8698F3CFA", "53C55F9CB49FC019"),
        ("4FB05E1515AB73A7", "072D43A077075292", "7A8E7BFA937E89A3"),
        ("49E95D6D4CA229BF", "02FE55778117F12A", "CF9C5D7A4986ADB5"),
        ("018310DC409B26D6", "1D9D5C5018F728C2", "D1ABB290658BC778"),
        ("1C587F1C13924FEF", "305532286D6F295A", "55CB3774D13EF201"),
        ("0101010101010101", "0123456789ABCDEF", "FA34EC4847B268B2"),
        ("1F1F1F1F0E0E0E0E", "0123456789ABCDEF", "A790795108EA3CAE"),
        ("E0FEE0FEF1FEF1FE", "0123456789ABCDEF", "C39E072D9FAC631D"),
        ("0000000000000000", "FFFFFFFFFFFFFFFF", "014933E0CDAFF6E4"),
        ("FFFFFFFFFFFFFFFF", "0000000000000000", "F21E9A77B71C49BC"),
        ("0123456789ABCDEF", "0000000000000000", "245946885754369A"),
        ("FEDCBA9876543210", "FFFFFFFFFFFFFFFF", "6B5C5A9C5D9E0A5A"),
    ])
    func blowfishECB(key: String, plaintext: String, ciphertext: String) {
        #expect(Self.encryptECB(key: Self.bytes(key), Self.bytes(plaintext)) == Self.bytes(ciphertext))
    }

    /// Eric Young's "set_key test data" from the same file: FEDCBA9876543210 under the first 1 to
    /// 24 bytes of one key, which the key schedule reads cyclically.
    @Test(arguments: zip(1...24, [
        "F9AD597C49DB005E", "E91D21C1D961A6D6", "E9C2B70A1BC65CF3", "BE1E639408640F05",
        "B39E44481BDB1E6E", "9457AA83B1928C0D", "8BB77032F960629D", "E87A244E2CC85E82",
        "15750E7A4F4EC577", "122BA70B3AB64AE0", "3A833C9AFFC537F6", "9409DA87A90F6BF2",
        "884F80625060B8B4", "1F85031C19E11968", "79D9373A714CA34F", "93142887EE3BE15C",
        "03429E838CE2D14B", "A4299E27469FF67B", "AFD5AED1C1BC96A8", "10851C0E3858DA9F",
        "E6F51ED79B9DB21F", "64A6E14AFD36B46F", "80C7D7D45A5479AD", "05044B62FA52D080",
    ]))
    func blowfishKeyLengths(keyCount: Int, ciphertext: String) {
        let key = Array(Self.bytes("F0E1D2C3B4A5968778695A4B3C2D1E0F0011223344556677").prefix(keyCount))
        #expect(Self.encryptECB(key: key, Self.bytes("FEDCBA9876543210")) == Self.bytes(ciphertext))
    }

    @Test func blowfishEncryptsSeveralBlocksAndWordPairs() {
        // Two of Eric Young's vectors under the all-zero key, in one call.
        let blocks = Self.encryptECB(key: [UInt8](repeating: 0, count: 8), Self.bytes("0000000000000000FFFFFFFFFFFFFFFF"))
        #expect(blocks == Self.bytes("4EF997456198DD78014933E0CDAFF6E4"))

        var left: UInt32 = 0xFFFF_FFFF
        var right: UInt32 = 0xFFFF_FFFF
        [UInt8](repeating: 0xFF, count: 8).withUnsafeBytes { key in
            let cipher = Blowfish(key: key)
            cipher.encrypt(&left, &right)
        }
        #expect(left == 0x5186_6FD5 && right == 0xB85E_CB8A)
    }

    // MARK: bcrypt_pbkdf

    /// OpenBSD's regression test, regress/lib/libutil/bcrypt_pbkdf/bcrypt_pbkdf_test.c, as it
    /// has been since bcrypt_pbkdf.c revision 1.9 (2014; earlier copies of the test expect other
    /// bytes). Its lengths count a string's terminating NUL where they include it, as here.
    @Test(arguments: [
        KDFVector(password: ascii("password"), salt: ascii("salt"), rounds: 4,
                  key: "5bbf0cc293587f1c3635555c27796598d47e579071bf427e9d8fbe842aba34d9"),
        KDFVector(password: ascii("password"), salt: ascii("\0"), rounds: 4,
                  key: "c12b566235eee04c212598970a579a67"),
        KDFVector(password: ascii("\0"), salt: ascii("salt"), rounds: 4,
                  key: "6051be18c2f4f82cbf0efee5471b4bb9"),
        // NUL bytes in the password and the salt.
        KDFVector(password: ascii("password\0"), salt: ascii("salt\0"), rounds: 4,
                  key: "7410e44cf4fa07bfaac8a928b1727fac001375e7bf7384370f48efd121743050"),
        KDFVector(password: ascii("pass\0wor"), salt: ascii("sa\0l"), rounds: 4,
                  key: "c2bffd9db38f6569efef4372f4de83c0"),
        KDFVector(password: ascii("pass\0word"), salt: ascii("sa\0lt"), rounds: 4,
                  key: "4ba4ac3925c0e8d7f0cdb6bb1684a56f"),
        // A bigger key.
        KDFVector(password: ascii("password"), salt: ascii("salt"), rounds: 8,
                  key: "e1367ec5151a33faac4cc1c144cd23fa15d5548493ecc99b9b5d9c0d3b27bec7"
                      + "6227ea66088b849b20ab7aa478010246e74bba51723fefa9f9474d6508845e8d"),
        // More rounds.
        KDFVector(password: ascii("password"), salt: ascii("salt"), rounds: 42,
                  key: "833cf0dcf56db65608e8f0dc0ce882bd"),
        // A longer password (446 bytes, no NUL).
        KDFVector(
            password: ascii(
                "Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do "
                    + "eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut "
                    + "enim ad minim veniam, quis nostrud exercitation ullamco laboris "
                    + "nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor "
                    + "in reprehenderit in voluptate velit esse cillum dolore eu fugiat "
                    + "nulla pariatur. Excepteur sint occaecat cupidatat non proident, "
                    + "sunt in culpa qui officia deserunt mollit anim id est laborum."),
            salt: ascii("salis\0"), rounds: 8, key: "10978b07253df57f71a162eb0e8ad30a"),
        // "unicode": arbitrary bytes.
        KDFVector(password: bytes("0db3ac94b3ee53284f4a22893b3c24ae"), salt: bytes("3a62f0f0dbcef823cfcc854856ea1028"),
                  rounds: 8, key: "204438175eee7ce136c91b49a67923ff"),
        // A very large key: eight blocks, interleaved.
        KDFVector(password: bytes("0db3ac94b3ee53284f4a22893b3c24ae"), salt: bytes("3a62f0f0dbcef823cfcc854856ea1028"),
                  rounds: 8,
                  key: "2054b9fff34e3721440334746828e9ed38de4b72e0a69adc170a13b5e8d64638"
                      + "5ea4034ae6d26600ee2332c5ed40ad557c86e3403fbb30e4e1dc1ae06b99a071"
                      + "368f518d2c426651c9e7e437fd6c915b1bbfc3a4cea71491490ea7afb7dd0290"
                      + "a678a4f441128db1792eab2776b21eb4238e0715add4127dff44e4b3e4cc4c4f"
                      + "9970083f3f74bd698873fdf648844f75c9bf7f9e0c4d9e5d89a7783997492966"
                      + "616707611cb901de31a19726b6e08c3a8001661f2d5c9dcc33b4aa072f90dd0b"
                      + "3f548d5eeba4211397e2fb062e526e1d68f46a4ce256185b4badc2685fbe78e1"
                      + "c7657b59f83ab9ab80cf9318d6add1f5933f12d6f36182c8e8115f68030a1244"),
    ])
    func openBSDRegressionVectors(_ vector: KDFVector) throws {
        #expect(try Self.derive(vector) == vector.key)
    }

    /// Made with a second, independent implementation: `bcrypt.kdf(password, salt, count,
    /// rounds)` of Python's `bcrypt` package (pyca/bcrypt 5.0.0), for output lengths that are
    /// not whole blocks and for rounds from 1 to 64.
    @Test(arguments: [
        KDFVector(password: ascii("p"), salt: ascii("s"), rounds: 1, key: "ca"),
        KDFVector(password: ascii("pw"), salt: ascii("sel"), rounds: 64, key: "c3371e907dc37e"),
        KDFVector(password: ascii("vault"), salt: ascii("0123456789abcdef"), rounds: 2,
                  key: "c537f400ba984811ba67208d9a2add876bd108ffa2890cc3c7ce169895e35d"),
        KDFVector(password: ascii("correct horse battery staple"), salt: bytes("000102030405060708090a0b0c0d0e0f"), rounds: 16,
                  key: "800e37c007983f658e60a0bb3d6d9da43b1adf37371d89ce9a5506d6ed3efcf91f"),
        KDFVector(password: [UInt8](repeating: 0xFF, count: 100), salt: bytes("0001"), rounds: 1,
                  key: "c0c5df31bd2da3d8ccd172076ece839642f1ce87c60469d56a6d402252f256d3"
                      + "366e5523be2ad9b296fad000c9c6e098"),
        KDFVector(password: ascii("x"), salt: ascii("y"), rounds: 1,
                  key: "8f558a8f6255158cafc81d712ffdb5bc0e399a5e7ced2c4185343bac5f4755bb"
                      + "880f1c7df8798a78cb8ae454a07f8e327990af778c24489b7d424baa62fa32d6"),
        KDFVector(password: Array("pässwörd €".utf8),
                  salt: ascii("longer salt than a block of 64 bytes, to be read cyclically by Blowfish....."), rounds: 2,
                  key: "3fbd27b72d5517b24172781a04ac58d11c1798eaa99ec2001f061fe79eaea7ee"
                      + "3706382b8efd67d61eeb67da8cb12c928494bb5e338158c34d5759785d917cfe"
                      + "52883bf0a6720bfcaca9daf797e13377a492dba0e5ae6b31cd021abf5dc1e166"
                      + "d0306385"),
    ])
    func pythonBcryptKDFVectors(_ vector: KDFVector) throws {
        #expect(try Self.derive(vector) == vector.key)
    }

    /// The KDF input of an ssh-keygen key: `ssh-keygen -q -t ed25519 -N 'correct horse' -C t`
    /// (OpenSSH 9.2p1) wrote the key below, whose openssh-key-v1 header says cipher "aes256-ctr",
    /// KDF "bcrypt", salt 73d8db08e08df2e556049eb1ba789acc, 16 rounds. The 48 bytes (AES-256 key,
    /// then CTR IV) are Python's `bcrypt.kdf`, and with them the private section decrypts to
    /// matching check integers and an "ssh-ed25519" key.
    ///
    ///     -----BEGIN OPENSSH PRIVATE KEY-----
    ///     b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABBz2NsI4I
    ///     3y5VYEnrG6eJrMAAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIK4JL2JuIio2cWKM
    ///     jhekWXz06dZSA8/DAsW4huRLrNitAAAAkDoFqjyV8/zEWf7T/32lL1/5C5hQhC7xQw/XX+
    ///     g77SyzIaLWc+nVDmKFYqDQr8kJYOGT3q2Uhf436O8oRWMxdRscnjsWzloNjzRqr2v98aYz
    ///     kAgfdCNzD/5roZA6Gg9NZGBFpS+pJgmn7ToDLR1zLOR9xpsRBnqRPJSKhRegKsrtXNMd49
    ///     +9QX0uYTnYEWvBNw==
    ///     -----END OPENSSH PRIVATE KEY-----
    @Test func sshKeygenEd25519KeyDerivation() throws {
        let vector = KDFVector(
            password: Self.ascii("correct horse"), salt: Self.bytes("73d8db08e08df2e556049eb1ba789acc"), rounds: 16,
            key: "3c5fae290207840da2d747a1f05a4c459f1a8055f9110aa295661d50c4844c8f"
                + "2ab3038317d26539553fbdd438ba783c")
        #expect(try Self.derive(vector) == vector.key)
    }

    @Test func writesExactlyTheCallersBuffer() throws {
        // OpenBSD's test that an 88-byte key does not write past its end; here the caller's
        // buffer is the bound, and the bytes are those of the array-returning form.
        let password = Self.ascii("password")
        let salt = Self.ascii("salt")
        let expected = try password.withUnsafeBytes { passwordBytes in
            try salt.withUnsafeBytes { saltBytes in
                try BcryptPBKDF.deriveKey(password: passwordBytes, salt: saltBytes, rounds: 4, count: 88)
            }
        }
        var buffer = [UInt8](repeating: 0xA5, count: 91)
        try password.withUnsafeBytes { passwordBytes in
            try salt.withUnsafeBytes { saltBytes in
                try buffer.withUnsafeMutableBytes { output in
                    try BcryptPBKDF.deriveKey(
                        password: passwordBytes, salt: saltBytes, rounds: 4,
                        into: UnsafeMutableRawBufferPointer(rebasing: output[0..<88]))
                }
            }
        }
        #expect(Array(buffer[0..<88]) == expected)
        #expect(Array(buffer[88...]) == [0xA5, 0xA5, 0xA5])
        // The first 32 bytes of an 88-byte key are not those of a 32-byte key: blocks interleave.
        #expect(Self.hex(expected.prefix(32)) != "5bbf0cc293587f1c3635555c27796598d47e579071bf427e9d8fbe842aba34d9")
    }

    @Test func refusesWhatOpenBSDRefuses() throws {
        func derive(password: [UInt8] = Self.ascii("password"), salt: [UInt8] = Self.ascii("salt"), rounds: Int = 1, count: Int = 32) throws(BcryptPBKDF.Error) {
            var failure: BcryptPBKDF.Error?
            password.withUnsafeBytes { passwordBytes in
                salt.withUnsafeBytes { saltBytes in
                    do throws(BcryptPBKDF.Error) {
                        _ = try BcryptPBKDF.deriveKey(password: passwordBytes, salt: saltBytes, rounds: rounds, count: count)
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
        }
        #expect(throws: BcryptPBKDF.Error.noRounds) { try derive(rounds: 0) }
        #expect(throws: BcryptPBKDF.Error.noRounds) { try derive(rounds: -1) }
        #expect(throws: BcryptPBKDF.Error.emptyPassword) { try derive(password: []) }
        #expect(throws: BcryptPBKDF.Error.emptySalt) { try derive(salt: []) }
        #expect(throws: BcryptPBKDF.Error.saltTooLong) { try derive(salt: [UInt8](repeating: 1, count: (1 << 20) + 1)) }
        #expect(throws: BcryptPBKDF.Error.unsupportedOutputCount) { try derive(count: 0) }
        #expect(throws: BcryptPBKDF.Error.unsupportedOutputCount) { try derive(count: 1025) }
        try derive(salt: [UInt8](repeating: 1, count: 1 << 20), count: 1)
        try derive(count: 1024)
    }

    // MARK: Helpers

    /// The key `vector` derives, in lowercase hexadecimal.
    private static func derive(_ vector: KDFVector) throws -> String {
        let key = try vector.password.withUnsafeBytes { password in
            try vector.salt.withUnsafeBytes { salt in
                try BcryptPBKDF.deriveKey(password: password, salt: salt, rounds: vector.rounds, count: vector.key.count / 2)
            }
        }
        return hex(key)
    }

    /// `plaintext` encrypted in ECB mode under `key`.
    private static func encryptECB(key: [UInt8], _ plaintext: [UInt8]) -> [UInt8] {
        var blocks = plaintext
        key.withUnsafeBytes { keyBytes in
            let cipher = Blowfish(key: keyBytes)
            blocks.withUnsafeMutableBytes { cipher.encryptECB($0) }
        }
        return blocks
    }

    private static func ascii(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
