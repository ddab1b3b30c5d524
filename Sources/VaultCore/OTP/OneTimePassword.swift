import Crypto
import FoundationEssentials

/// A one-time password setting as an entry keeps it: an RFC 6238 TOTP (a code per time step) or
/// an RFC 4226 HOTP (a code per counter value), or Steam Guard's five-character variant of TOTP.
/// It is stored in the entry as its otpauth URI (`OTPAuthURI`).
public struct OneTimePassword: Equatable, Sendable {
    /// Whether codes follow the clock or a counter.
    public enum Kind: Equatable, Sendable {
        /// A code per `period` seconds since the Unix epoch (RFC 6238, T0 = 0).
        case totp(period: Int)
        /// A code per counter value; the counter is the value the next code uses (RFC 4226).
        case hotp(counter: UInt64)
    }

    /// The HMAC hash function.
    public enum Algorithm: String, CaseIterable, Sendable {
        case sha1 = "SHA1", sha256 = "SHA256", sha512 = "SHA512"
    }

    /// The characters of a code: decimal digits, or Steam Guard's 26 letters and digits.
    public enum Encoding: Equatable, Sendable {
        case decimal, steam
    }

    public static let steamAlphabet = Array("23456789BCDFGHJKMNPQRTVWXY".utf8)

    public var kind: Kind
    public var secret: [UInt8]
    public var algorithm: Algorithm
    public var digits: Int
    public var encoding: Encoding
    /// Who issued the secret (the site), and the account it is for: labels only.
    public var issuer: String?
    public var account: String?

    public init(
        kind: Kind = .totp(period: 30), secret: [UInt8], algorithm: Algorithm = .sha1, digits: Int = 6,
        encoding: Encoding = .decimal, issuer: String? = nil, account: String? = nil
    ) {
        self.kind = kind
        self.secret = secret
        self.algorithm = algorithm
        self.digits = digits
        self.encoding = encoding
        self.issuer = issuer
        self.account = account
    }

    /// Steam Guard's setting: TOTP, SHA-1, 30 seconds, five characters of `steamAlphabet`.
    public static func steam(secret: [UInt8], account: String? = nil) -> OneTimePassword {
        OneTimePassword(secret: secret, digits: 5, encoding: .steam, issuer: "Steam", account: account)
    }

    /// The code for a counter value (RFC 4226 §5.3: HMAC, dynamic truncation, then the low
    /// digits; Steam takes five base-26 characters from the truncated value instead).
    public func code(counter: UInt64) -> String {
        var message = counter.bigEndian
        let mac: [UInt8] = withUnsafeBytes(of: &message) { counterBytes in
            let key = SymmetricKey(data: secret)
            switch algorithm {
            // Copied from its bytes: through the code's own iterator, the runtime would first
            // look up the conformances of a generic iterator type.
            case .sha1: return HMAC<Insecure.SHA1>.authenticationCode(for: counterBytes, using: key).withUnsafeBytes { Array($0) }
            case .sha256: return HMAC<SHA256>.authenticationCode(for: counterBytes, using: key).withUnsafeBytes { Array($0) }
            case .sha512: return HMAC<SHA512>.authenticationCode(for: counterBytes, using: key).withUnsafeBytes { Array($0) }
            }
        }
        let offset = Int(mac[mac.count - 1] & 0x0F)
        var value = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        switch encoding {
        case .decimal:
            var modulus: UInt32 = 1
            for _ in 0..<digits { modulus *= 10 }
            let number = String(value % modulus)
            return String(repeating: "0", count: digits - number.count) + number
        case .steam:
            var characters: [UInt8] = []
            for _ in 0..<digits {
                characters.append(Self.steamAlphabet[Int(value % 26)])
                value /= 26
            }
            return String(decoding: characters, as: UTF8.self)
        }
    }

    /// The TOTP time step that `date` falls in; dates before 1970 count as step 0.
    public func timeStep(at date: Date, period: Int) -> UInt64 {
        Self.wholeSeconds(date) / UInt64(period)
    }

    /// The TOTP code at `date` and the whole seconds it stays valid; nil for HOTP.
    public func code(at date: Date) -> (code: String, secondsLeft: Int)? {
        guard case .totp(let period) = kind else { return nil }
        let step = timeStep(at: date, period: period)
        let elapsed = Int(Self.wholeSeconds(date) % UInt64(period))
        return (code(counter: step), period - elapsed)
    }

    /// Whole seconds since 1970: 0 before it, and at most `UInt64.max` however far ahead.
    private static func wholeSeconds(_ date: Date) -> UInt64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > 0 else { return 0 }
        return seconds < 0x1p64 ? UInt64(seconds) : .max
    }
}
