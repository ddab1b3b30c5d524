import Crypto

/// A password's SHA-1 in upper-case hex, the form the Pwned Passwords data uses. The password's
/// bytes are hashed as they are (no normalisation), since that is how the breached passwords
/// were hashed; only the first five characters (`prefix`) ever leave the machine.
struct PasswordHash: Hashable, Sendable {
    /// 40 upper-case hex characters, as ASCII bytes.
    let hex: [UInt8]

    init(hex: [UInt8]) { self.hex = hex }

    init<Bytes: Sequence>(of password: Bytes) where Bytes.Element == UInt8 {
        let digest = Insecure.SHA1.hash(data: Array(password))
        let digits = Array("0123456789ABCDEF".utf8)
        hex = digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
    }

    /// The first five characters: all the range API is told.
    var prefix: String { String(decoding: hex[0..<5], as: UTF8.self) }
    /// The other 35, which stay here.
    var suffix: ArraySlice<UInt8> { hex[5...] }
}

/// ASCII hex digits.
enum HexDigits {
    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func uppercased(_ byte: UInt8) -> UInt8 { (0x61...0x66).contains(byte) ? byte - 0x20 : byte }
}
