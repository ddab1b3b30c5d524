import Testing
@testable import VaultCore

/// Argon2id against RFC 9106 and against the reference `argon2` command-line tool.
struct Argon2idTests {
    private func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func rfc9106TestVector() throws {
        // RFC 9106, section 5.3: Argon2id with secret and associated data.
        let password = [UInt8](repeating: 0x01, count: 32)
        var output = [UInt8](repeating: 0, count: 32)
        try password.withUnsafeBytes { passwordBytes in
            try output.withUnsafeMutableBytes { out in
                try Argon2id.hash(
                    password: passwordBytes, salt: [UInt8](repeating: 0x02, count: 16),
                    secret: [UInt8](repeating: 0x03, count: 8), associatedData: [UInt8](repeating: 0x04, count: 12),
                    parameters: KDFParameters(memoryKiB: 32, iterations: 3, parallelism: 4), into: out)
            }
        }
        #expect(hex(output) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }

    @Test(arguments: [
        // printf password | argon2 somesaltsomesalt -id -t T -k M -p P -l 32 -r
        (KDFParameters.default, "81db97a7e67a891784a2599bc879f957cb3512d273984bd97d8a18fc59ff01e2"),
        (KDFParameters.minimum, "84fb006bbc3cd69895722b64b5bf735251a9e8e9f3ecb93ff595b98aeb7accb7"),
    ])
    func matchesReferenceTool(parameters: KDFParameters, expected: String) throws {
        var typed = Array("password".utf8)
        let password = try SecureBytes(consuming: &typed)
        let key = try Argon2id.deriveKey(password: password, salt: Array("somesaltsomesalt".utf8), parameters: parameters)
        #expect(key.withUnsafeBytes { hex($0) } == expected)
        #expect(typed.isEmpty)
    }

    @Test func refusesParametersBelowTheMinimum() throws {
        let password = try SecureBytes(count: 8)
        let salt = [UInt8](repeating: 7, count: 16)
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(password: password, salt: salt, parameters: KDFParameters(memoryKiB: 4096, iterations: 3, parallelism: 1))
        }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(password: password, salt: salt, parameters: KDFParameters(memoryKiB: 65536, iterations: 0, parallelism: 1))
        }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(password: password, salt: salt, parameters: KDFParameters(memoryKiB: 8 * 1024 * 1024, iterations: 1, parallelism: 1))
        }
    }

    @Test func differentSaltsGiveDifferentKeys() throws {
        let password = try SecureBytes.random(count: 12)
        let first = try Argon2id.deriveKey(password: password, salt: [UInt8](repeating: 1, count: 16), parameters: .minimum)
        let second = try Argon2id.deriveKey(password: password, salt: [UInt8](repeating: 2, count: 16), parameters: .minimum)
        #expect(!first.constantTimeEquals(second))
    }
}
