import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// One-time password settings on any text. Base32: what decodes encodes to its canonical form
/// (upper case, no separators or padding; only the unused bits of the last character may
/// differ) and decodes back to the same bytes; the bytes themselves encode and decode to
/// themselves. `OTPAuthURI.parse`: an `OTPError`, or a setting whose canonical URI parses to
/// the same setting and renders to the same URI, and which gives codes of its length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOTPAuth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    checkBase32(text)
    Fuzzer.require(Base32.decode(Base32.encode(bytes)) == bytes, "Base32 of the raw bytes does not decode to them")
    checkURI(text)
    return 0
}

func checkBase32(_ text: String) {
    guard let decoded = Base32.decode(text) else { return }
    let encoded = Base32.encode(decoded)
    Fuzzer.require(Base32.decode(encoded) == decoded, "Base32 decode of encode is not the identity")
    let canonical = Array(text.utf8.filter { !" -\t=".utf8.contains($0) }.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 })
    let written = Array(encoded.utf8)
    Fuzzer.require(written.count == canonical.count && written.dropLast() == canonical.dropLast(),
                   "Base32 encode of decode is not the canonical form")
}

func checkURI(_ text: String) {
    let otp: OneTimePassword
    do { otp = try OTPAuthURI.parse(text) } catch { return }
    Fuzzer.require(!otp.secret.isEmpty, "a setting without a secret")
    Fuzzer.require(otp.encoding == .steam ? otp.digits == 5 : (6...8).contains(otp.digits), "digits out of range")
    let uri = OTPAuthURI.render(otp)
    let again: OneTimePassword
    do { again = try OTPAuthURI.parse(uri) } catch {
        Fuzzer.require(false, "a rendered URI is refused: \(error.message)")
        return
    }
    Fuzzer.require(again == otp, "a rendered URI parses to another setting")
    Fuzzer.require(OTPAuthURI.render(again) == uri, "a rendered URI renders differently")
    let code: String
    switch otp.kind {
    case .totp(let period):
        Fuzzer.require((1...86_400).contains(period), "period out of range")
        code = otp.code(at: Date(timeIntervalSince1970: 1_700_000_000))?.code ?? ""
    case .hotp(let counter):
        code = otp.code(counter: counter)
    }
    Fuzzer.require(code.utf8.count == otp.digits, "a code of the wrong length")
}

@_cdecl("otpauth_fuzz_main")
public func otpauthFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzOTPAuth)
}
