import VaultKit

/// The one-time password settings KeePass-family tools keep in an entry's strings, made into
/// one otpauth URI: KeePassXC's `otp` (a URI, or KeeOtp's `key=…&size=…&step=…`), KeePassXC's
/// older `TOTP Seed` with `TOTP Settings` (`30;6`, or `30;S` for Steam), and KeePass 2.47's own
/// `TimeOtp-*` (TOTP) and `HmacOtp-*` (HOTP) strings. Sources: KeePassXC's src/totp/totp.cpp
/// and KeePass's help page "One-Time Passwords (OTP)".
enum KeePassOTP {
    /// The names of every string these settings use, which are not kept as custom fields.
    static func isSettingName(_ name: String) -> Bool {
        name == "otp" || name == "TOTP Seed" || name == "TOTP Settings" || name.hasPrefix("TimeOtp-") || name.hasPrefix("HmacOtp-")
    }

    /// The URI for the entry's strings, or nil when it has no setting.
    static func uri(_ strings: [String: String], record: String, account: String?) throws(InterchangeError) -> String? {
        if let otp = strings["otp"], !otp.isEmpty {
            if otp.hasPrefix("key=") { return try keeOtp(otp, record: record, account: account) }
            return try OTPField.uri(otp, record: record, field: "otp", account: account)
        }
        if let seed = strings["TOTP Seed"], !seed.isEmpty {
            let settings = (strings["TOTP Settings"] ?? "30;6").split(separator: ";").map(String.init)
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
        for (prefix, hotp) in [("TimeOtp-", false), ("HmacOtp-", true)] {
            guard let secret = try keePassSecret(strings, prefix: prefix, record: record) else { continue }
            var otp = OneTimePassword(secret: secret, account: account)
            if hotp {
                let counter = strings["HmacOtp-Counter"].map { UInt64($0) } ?? 0
                guard let counter else { throw .badRecord(record: record, field: "HmacOtp-Counter", reason: "not a whole number") }
                otp.kind = .hotp(counter: counter)
            } else {
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
            }
            return OTPAuthURI.render(otp)
        }
        return nil
    }

    /// KeeOtp's `key=BASE32&size=6&step=30&otpHashMode=SHA256`.
    private static func keeOtp(_ text: String, record: String, account: String?) throws(InterchangeError) -> String {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { items[String(parts[0])] = String(parts[1]) }
        }
        var otp = OneTimePassword(secret: try base32(items["key"] ?? "", record: record, field: "otp"), account: account)
        if let size = items["size"] { otp.digits = try number(size, in: 6...8, record: record, field: "otp") }
        if let step = items["step"] { otp.kind = .totp(period: try number(step, in: 1...86_400, record: record, field: "otp")) }
        if let mode = items["otpHashMode"] {
            guard let algorithm = OneTimePassword.Algorithm(rawValue: mode.uppercased()) else {
                throw .badRecord(record: record, field: "otp", reason: "unsupported algorithm")
            }
            otp.algorithm = algorithm
        }
        return OTPAuthURI.render(otp)
    }

    /// KeePass 2's secret, in whichever of its four encodings the entry has.
    private static func keePassSecret(_ strings: [String: String], prefix: String, record: String) throws(InterchangeError) -> [UInt8]? {
        if let text = strings[prefix + "Secret"], !text.isEmpty { return Array(text.utf8) }
        if let hex = strings[prefix + "Secret-Hex"], !hex.isEmpty {
            let digits = Array(hex.utf8.filter { $0 != UInt8(ascii: " ") })
            var bytes: [UInt8] = []
            var index = 0
            while index + 1 < digits.count, let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 2
            }
            guard index == digits.count, !bytes.isEmpty else { throw .badRecord(record: record, field: prefix + "Secret-Hex", reason: "not hexadecimal") }
            return bytes
        }
        if let text = strings[prefix + "Secret-Base32"], !text.isEmpty { return try base32(text, record: record, field: prefix + "Secret-Base32") }
        if let text = strings[prefix + "Secret-Base64"], !text.isEmpty {
            let decoded = Array(text.utf8).withUnsafeBytes { Sodium.base64Decode($0) }
            guard let decoded, !decoded.isEmpty else { throw .badRecord(record: record, field: prefix + "Secret-Base64", reason: "not Base64") }
            return decoded
        }
        return nil
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
