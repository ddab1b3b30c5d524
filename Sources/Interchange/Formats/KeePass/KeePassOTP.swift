import VaultCore
import VaultSystem

/// The one-time password settings KeePass-family tools keep in an entry's strings, made into
/// one otpauth URI: KeePassXC's `otp` (a URI, or KeeOtp's `key=…&type=…&counter=…&size=…&step=…`),
/// KeePassXC's older `TOTP Seed` with `TOTP Settings` (`30;6`, or `30;S` for Steam), and KeePass
/// 2.47's own `TimeOtp-*` (TOTP) and `HmacOtp-*` (HOTP) strings. An entry with more than one
/// setting gets the first of those; the strings the others are kept in are left to the caller.
/// Sources: KeePassXC's src/totp/totp.cpp, KeeOtp's OtpAuthData.cs and KeePass's help page
/// "One-Time Passwords (OTP)".
enum KeePassOTP {
    /// A setting as an otpauth URI, and the keys of the strings it was read from.
    struct Setting {
        var uri: String
        var keys: Set<String>
    }

    /// The names of every string these settings use, which are custom fields only when the
    /// setting that was used did not read them.
    static func isSettingName(_ name: String) -> Bool {
        name == "otp" || name == "TOTP Seed" || name == "TOTP Settings" || name.hasPrefix("TimeOtp-") || name.hasPrefix("HmacOtp-")
    }

    /// The setting for the entry's strings, or nil when it has none.
    static func setting(_ strings: [String: String], record: String, account: String?) throws(InterchangeError) -> Setting? {
        if let otp = strings["otp"], let uri = try otpString(otp, record: record, account: account) {
            return Setting(uri: uri, keys: ["otp"])
        }
        if let seed = strings["TOTP Seed"], !seed.isEmpty {
            return Setting(uri: try keePassXC(seed: seed, settings: strings["TOTP Settings"], record: record, account: account),
                           keys: ["TOTP Seed", "TOTP Settings"])
        }
        if let setting = try timeOtp(strings, record: record, account: account) { return setting }
        return try hmacOtp(strings, record: record, account: account)
    }

    /// KeePassXC's `otp`: an otpauth URI, a bare secret or KeeOtp's form; nil when blank.
    private static func otpString(_ text: String, record: String, account: String?) throws(InterchangeError) -> String? {
        if text.hasPrefix("key=") { return try keeOtp(text, record: record, account: account) }
        return try OTPField.uri(text, record: record, field: "otp", account: account)
    }

    /// KeePassXC's older `TOTP Seed` (Base32) with `TOTP Settings`: `PERIOD;DIGITS`, or
    /// `PERIOD;S` for Steam.
    private static func keePassXC(seed: String, settings: String?, record: String, account: String?) throws(InterchangeError) -> String {
        let settings = (settings ?? "30;6").split(separator: ";").map(String.init)
        var otp = OneTimePassword(secret: try base32(seed, record: record, field: "TOTP Seed"), account: account)
        if settings.count >= 2 {
            if settings[1] == "S" {
                otp = .steam(secret: otp.secret, account: account)
            } else {
                otp.kind = .totp(period: try number(settings[0], in: 1...86_400, record: record, field: "TOTP Settings"))
                otp.digits = try number(settings[1], in: 6...8, record: record, field: "TOTP Settings")
            }
        }
        return OTPAuthURI.render(otp)
    }

    /// KeePass 2.47's TOTP: a `TimeOtp-Secret…` with `-Length`, `-Period` and `-Algorithm`.
    private static func timeOtp(_ strings: [String: String], record: String, account: String?) throws(InterchangeError) -> Setting? {
        guard case let (secret, secretKey)? = try keePassSecret(strings, prefix: "TimeOtp-", record: record) else { return nil }
        var otp = OneTimePassword(secret: secret, account: account)
        otp.kind = .totp(period: try strings["TimeOtp-Period"].map { (text) throws(InterchangeError) in
            try number(text, in: 1...86_400, record: record, field: "TimeOtp-Period")
        } ?? 30)
        if let length = strings["TimeOtp-Length"] {
            otp.digits = try number(length, in: 6...8, record: record, field: "TimeOtp-Length")
        }
        switch strings["TimeOtp-Algorithm"] ?? "HMAC-SHA-1" {
        case "HMAC-SHA-1": otp.algorithm = .sha1
        case "HMAC-SHA-256": otp.algorithm = .sha256
        case "HMAC-SHA-512": otp.algorithm = .sha512
        default: throw .badRecord(record: record, field: "TimeOtp-Algorithm", reason: "unsupported algorithm")
        }
        return Setting(uri: OTPAuthURI.render(otp), keys: [secretKey, "TimeOtp-Period", "TimeOtp-Length", "TimeOtp-Algorithm"])
    }

    /// KeePass 2.47's HOTP: a `HmacOtp-Secret…` with `HmacOtp-Counter`.
    private static func hmacOtp(_ strings: [String: String], record: String, account: String?) throws(InterchangeError) -> Setting? {
        guard case let (secret, secretKey)? = try keePassSecret(strings, prefix: "HmacOtp-", record: record) else { return nil }
        var otp = OneTimePassword(secret: secret, account: account)
        otp.kind = .hotp(counter: try counter(strings["HmacOtp-Counter"] ?? "0", record: record, field: "HmacOtp-Counter"))
        return Setting(uri: OTPAuthURI.render(otp), keys: [secretKey, "HmacOtp-Counter"])
    }

    /// KeeOtp's `key=SECRET&type=Hotp&counter=7&size=6&step=30&otpHashMode=Sha256&encoding=Base32`,
    /// every part but the key optional, `=` in the key written `%3d`; `type` is `Totp` (the
    /// default), `Hotp` or (KeeOtp2) `Steam`, and `counter` is read for HOTP, `step` for TOTP.
    private static func keeOtp(_ text: String, record: String, account: String?) throws(InterchangeError) -> String {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { items[String(parts[0])] = String(parts[1]).replacing("%3d", with: "=") }
        }
        let secret = try decode(items["key"] ?? "", as: try keeOtpEncoding(items["encoding"], record: record), record: record, field: "otp")
        var otp = OneTimePassword(secret: secret, account: account)
        switch items["type"]?.lowercased() ?? "totp" {
        case "totp":
            if let step = items["step"] { otp.kind = .totp(period: try number(step, in: 1...86_400, record: record, field: "otp")) }
        case "hotp":
            otp.kind = .hotp(counter: try counter(items["counter"] ?? "0", record: record, field: "otp"))
        case "steam":
            return OTPAuthURI.render(.steam(secret: secret, account: account))
        default:
            throw .badRecord(record: record, field: "otp", reason: "unsupported type; expected Totp, Hotp or Steam")
        }
        if let size = items["size"] { otp.digits = try number(size, in: 6...8, record: record, field: "otp") }
        if let mode = items["otpHashMode"] {
            guard let algorithm = OneTimePassword.Algorithm(rawValue: mode.uppercased()) else {
                throw .badRecord(record: record, field: "otp", reason: "unsupported algorithm")
            }
            otp.algorithm = algorithm
        }
        return OTPAuthURI.render(otp)
    }

    /// How a secret is written: KeePass's four encodings, which KeeOtp2's `encoding` names too.
    private enum SecretEncoding: CaseIterable {
        case utf8, hex, base32, base64

        /// KeePass's string for a secret in this encoding, after the prefix.
        var keePassSuffix: String {
            switch self {
            case .utf8: "Secret"
            case .hex: "Secret-Hex"
            case .base32: "Secret-Base32"
            case .base64: "Secret-Base64"
            }
        }
    }

    /// KeeOtp2's `encoding` (`Base32`, the default, `Base64`, `Hex` or `UTF8`).
    private static func keeOtpEncoding(_ name: String?, record: String) throws(InterchangeError) -> SecretEncoding {
        switch name?.lowercased() ?? "base32" {
        case "base32": .base32
        case "base64": .base64
        case "hex": .hex
        case "utf8": .utf8
        default: throw .badRecord(record: record, field: "otp", reason: "unsupported encoding; expected Base32, Base64, Hex or UTF8")
        }
    }

    /// KeePass 2's secret, in whichever of its four encodings the entry has first, and the key
    /// of the string it was in.
    private static func keePassSecret(_ strings: [String: String], prefix: String, record: String) throws(InterchangeError) -> ([UInt8], String)? {
        for encoding in SecretEncoding.allCases {
            let key = prefix + encoding.keePassSuffix
            if let text = strings[key], !text.isEmpty { return (try decode(text, as: encoding, record: record, field: key), key) }
        }
        return nil
    }

    /// The bytes of a secret written in `encoding`; an empty secret is refused.
    private static func decode(_ text: String, as encoding: SecretEncoding, record: String, field: String) throws(InterchangeError) -> [UInt8] {
        switch encoding {
        case .utf8:
            guard !text.isEmpty else { throw .badRecord(record: record, field: field, reason: "the secret is empty") }
            return Array(text.utf8)
        case .hex:
            return try hex(text, record: record, field: field)
        case .base32:
            return try base32(text, record: record, field: field)
        case .base64:
            let decoded = Array(text.utf8).withUnsafeBytes { Sodium.base64Decode($0) }
            guard let decoded, !decoded.isEmpty else { throw .badRecord(record: record, field: field, reason: "not Base64") }
            return decoded
        }
    }

    /// Hexadecimal digits, two to a byte; spaces between them are ignored.
    private static func hex(_ text: String, record: String, field: String) throws(InterchangeError) -> [UInt8] {
        let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count, let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) {
            bytes.append(byte)
            index += 2
        }
        guard index == digits.count, !bytes.isEmpty else { throw .badRecord(record: record, field: field, reason: "not hexadecimal") }
        return bytes
    }

    /// An HOTP counter: a whole number from 0.
    private static func counter(_ text: String, record: String, field: String) throws(InterchangeError) -> UInt64 {
        guard let counter = UInt64(text) else { throw .badRecord(record: record, field: field, reason: "not a whole number") }
        return counter
    }

    private static func base32(_ text: String, record: String, field: String) throws(InterchangeError) -> [UInt8] {
        guard let bytes = Base32.decode(text), !bytes.isEmpty else {
            throw .badRecord(record: record, field: field, reason: OTPError.invalidSecret.message)
        }
        return bytes
    }

    private static func number(_ text: String, in range: ClosedRange<Int>, record: String, field: String) throws(InterchangeError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw .badRecord(record: record, field: field, reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
