import Foundation
import Testing
@testable import VaultCore

/// Reading and writing otpauth URIs as the peers write them.
struct OTPAuthURITests {
    @Test func readsEverySetting() throws {
        let otp = try OTPAuthURI.parse("otpauth://totp/ACME%20Co:john.doe@email.com?secret=HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ&issuer=ACME%20Co&algorithm=SHA256&digits=7&period=60")
        #expect(otp.kind == .totp(period: 60))
        #expect(otp.algorithm == .sha256)
        #expect(otp.digits == 7)
        #expect(otp.issuer == "ACME Co")
        #expect(otp.account == "john.doe@email.com")
        #expect(otp.secret == Base32.decode("HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ"))
    }

    @Test func defaultsAreTheUsualOnes() throws {
        let otp = try OTPAuthURI.parse("otpauth://totp/site?secret=JBSWY3DPEHPK3PXP")
        #expect(otp.kind == .totp(period: 30) && otp.algorithm == .sha1 && otp.digits == 6 && otp.encoding == .decimal)
        #expect(otp.issuer == nil && otp.account == "site")
    }

    @Test func readsHOTPWithItsCounter() throws {
        let otp = try OTPAuthURI.parse("otpauth://hotp/Example:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&counter=7")
        #expect(otp.kind == .hotp(counter: 7))
        #expect(otp.code(counter: 7) == "162583")  // RFC 4226 appendix D, count 7
    }

    @Test func readsABareSecretAsATOTP() throws {
        let otp = try OTPAuthURI.parse("  jbsw y3dp ehpk 3pxp \n")
        #expect(otp == OneTimePassword(secret: Base32.decode("JBSWY3DPEHPK3PXP")!))
    }

    @Test func readsKeePassXCsOwnURI() throws {
        // As KeePassXC's Totp::writeSettings spells it: title:username, period, digits, issuer.
        let otp = try OTPAuthURI.parse("otpauth://totp/My%20Site:me%40example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=My%20Site")
        #expect(otp.issuer == "My Site" && otp.account == "me@example.com")
    }

    @Test func rendersACanonicalURIThatReadsBackTheSame() throws {
        let samples = [
            OneTimePassword(secret: [1, 2, 3, 4, 5], issuer: "A:B & C", account: "ü ser"),
            OneTimePassword(kind: .hotp(counter: 42), secret: [9, 9, 9], algorithm: .sha512, digits: 8),
            OneTimePassword.steam(secret: Array(repeating: 7, count: 20), account: "gamer"),
            OneTimePassword(kind: .totp(period: 45), secret: [0xFF], algorithm: .sha256, digits: 7),
        ]
        for otp in samples {
            let uri = OTPAuthURI.render(otp)
            #expect(try OTPAuthURI.parse(uri) == otp, "\(uri)")
        }
        #expect(OTPAuthURI.render(samples[1]) == "otpauth://hotp/?secret=BEEQS&algorithm=SHA512&digits=8&counter=42")
    }

    @Test(arguments: [
        ("otpauth://totp/x?issuer=A", OTPError.missingSecret),
        ("otpauth://totp/x?secret=", OTPError.missingSecret),
        ("otpauth://totp/x?secret=11111111", OTPError.invalidSecret),
        ("otpauth://motp/x?secret=JBSWY3DPEHPK3PXP", OTPError.unsupportedType("motp")),
        ("otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&algorithm=MD5", OTPError.unsupportedAlgorithm("MD5")),
        ("otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=4", OTPError.invalidDigits("4")),
        ("otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=9", OTPError.invalidDigits("9")),
        ("otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&period=0", OTPError.invalidPeriod("0")),
        ("otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=-1", OTPError.invalidCounter("-1")),
        ("https://example.com/?secret=JBSWY3DPEHPK3PXP", OTPError.notAURI),
        ("not a secret!", OTPError.invalidSecret),
    ] as [(String, OTPError)])
    func refusesWhatItCannotUse(text: String, error: OTPError) {
        #expect(throws: error) { try OTPAuthURI.parse(text) }
    }

    @Test func messagesNeverHoldTheSecret() {
        for text in ["otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=12", "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=z"] {
            do {
                _ = try OTPAuthURI.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(!error.message.contains("JBSWY3DPEHPK3PXP"))
            }
        }
    }
}
