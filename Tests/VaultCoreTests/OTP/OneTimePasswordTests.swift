import Foundation
import Testing
@testable import VaultCore

/// The published test vectors of RFC 4226 (HOTP), RFC 6238 (TOTP) and Steam Guard.
struct OneTimePasswordTests {
    private static let rfcSecret = Array("12345678901234567890".utf8)

    /// RFC 4226 appendix D: HOTP-SHA-1, six digits, counters 0 to 9.
    @Test func rfc4226Vectors() {
        let expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        let otp = OneTimePassword(kind: .hotp(counter: 0), secret: Self.rfcSecret)
        #expect((0..<10).map { otp.code(counter: UInt64($0)) } == expected)
    }

    /// RFC 6238 appendix B: eight digits, 30-second steps, the seed of each hash's length.
    @Test(arguments: [
        (59.0, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ] as [(Double, String, String, String)])
    func rfc6238Vectors(time: Double, sha1: String, sha256: String, sha512: String) {
        let seeds: [(OneTimePassword.Algorithm, String, String)] = [
            (.sha1, "12345678901234567890", sha1),
            (.sha256, "12345678901234567890123456789012", sha256),
            (.sha512, "1234567890123456789012345678901234567890123456789012345678901234", sha512),
        ]
        for (algorithm, seed, code) in seeds {
            let otp = OneTimePassword(secret: Array(seed.utf8), algorithm: algorithm, digits: 8)
            #expect(otp.code(at: Date(timeIntervalSince1970: time))?.code == code, "\(algorithm) at \(time)")
        }
    }

    /// Steam Guard: the secret and codes of KeePassXC's tests/TestTotp.cpp (GPL-2.0/3.0; test
    /// data only), which Authenticator Pro's SteamOtpTest also uses.
    @Test func steamVectors() throws {
        let otp = try OTPAuthURI.parse("otpauth://totp/Steam:me?secret=63BEDWCQZKTQWPESARIERL5DTTQFCJTK&issuer=Steam&encoder=steam")
        #expect(otp.encoding == .steam && otp.digits == 5)
        #expect(otp.code(at: Date(timeIntervalSince1970: 1_511_200_518))?.code == "FR8RV")
        #expect(otp.code(at: Date(timeIntervalSince1970: 1_511_200_714))?.code == "9P3VP")
        // The same secret through Bitwarden's and Aegis's spellings.
        let bitwarden = try OTPAuthURI.parse("steam://63BEDWCQZKTQWPESARIERL5DTTQFCJTK")
        let aegis = try OTPAuthURI.parse("otpauth://steam/Steam:me?secret=63BEDWCQZKTQWPESARIERL5DTTQFCJTK&digits=5")
        for other in [bitwarden, aegis] {
            #expect(other.code(at: Date(timeIntervalSince1970: 1_511_200_518))?.code == "FR8RV")
        }
    }

    @Test func secondsLeftCountDownWithinAStep() throws {
        let otp = OneTimePassword(secret: Self.rfcSecret)
        #expect(otp.code(at: Date(timeIntervalSince1970: 60))?.secondsLeft == 30)
        #expect(otp.code(at: Date(timeIntervalSince1970: 89.9))?.secondsLeft == 1)
        #expect(OneTimePassword(kind: .hotp(counter: 3), secret: Self.rfcSecret).code(at: Date()) == nil)
    }
}

/// Base32 as secrets are written by hand and by websites.
struct Base32Tests {
    /// RFC 4648 §10.
    @Test(arguments: [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
                      ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI")])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base32.encode(Array(plain.utf8)) == encoded)
        #expect(Base32.decode(encoded) == Array(plain.utf8))
    }

    @Test func toleratesSpacesLowerCaseAndPadding() {
        let bytes = Array("foobar".utf8)
        #expect(Base32.decode("mzxw 6ytb oi") == bytes)
        #expect(Base32.decode("MZXW6YTBOI======") == bytes)
        #expect(Base32.decode("mzxw-6ytb-oi") == bytes)
    }

    @Test func refusesWhatNoEncoderWrites() {
        #expect(Base32.decode("MZXW1") == nil)        // 1 is not in the alphabet
        #expect(Base32.decode("MZ=XW") == nil)        // padding in the middle
        #expect(Base32.decode("MZXW6YTBO") == nil)    // 9 characters: 1 left over
        #expect(Base32.decode("ABC") == nil)
    }

    @Test func roundTripsEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base32.decode(Base32.encode(bytes)) == bytes)
        }
    }
}

/// Moments a TOTP code may be asked for that no clock shows: far ahead, or before 1970.
@Suite("TOTP at extreme moments")
struct ExtremeMomentTests {
    @Test("a moment past what whole seconds hold, or before 1970, gives a code instead of a trap")
    func extremes() throws {
        let otp = try OTPAuthURI.parse("JBSWY3DPEHPK3PXP")
        for seconds in [1e30, 0x1p63, 0x1p64, -1e30, -1, .infinity, -.infinity] {
            let result = try #require(otp.code(at: Date(timeIntervalSince1970: seconds)), "\(seconds)")
            #expect(result.code.count == 6 && (1...30).contains(result.secondsLeft))
        }
    }
}
