/// The text form of a `OneTimePassword`: the `otpauth://` URI of Google Authenticator's key URI
/// format, which every peer reads and writes. Reading also takes what people and other tools
/// hold instead: a bare Base32 secret (a TOTP with the usual settings), `steam://SECRET`
/// (Bitwarden), `otpauth://steam/…` (Aegis) and KeePassXC's `encoder=steam`.
public enum OTPAuthURI {
    /// Parses a URI or a bare secret. Unknown query items are ignored; a known one with a
    /// value this vault cannot use is refused, naming the item and never the secret.
    public static func parse(_ text: String) throws(OTPError) -> OneTimePassword {
        let trimmed = text.trimmingASCIIWhitespace()
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("steam://") {
            return .steam(secret: try secret(String(trimmed.dropFirst("steam://".count))))
        }
        guard lowered.hasPrefix("otpauth://") else {
            // Whatever is not a URI must be a secret: refusing it says "not a URI or secret".
            guard let bytes = Base32.decode(trimmed), !bytes.isEmpty else {
                throw trimmed.contains("://") ? .notAURI : .invalidSecret
            }
            return OneTimePassword(secret: bytes)
        }
        let rest = trimmed.dropFirst("otpauth://".count)
        let beforeQuery = rest.prefix { $0 != "?" }
        let query = rest.dropFirst(beforeQuery.count + 1)
        let type = beforeQuery.prefix { $0 != "/" }.lowercased()
        let rawLabel = beforeQuery.dropFirst(type.count + 1)
        let label = percentDecoded(rawLabel)

        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + 1)
            let key = percentDecoded(name).lowercased()
            if items[key] == nil { items[key] = percentDecoded(value) }
        }
        guard let secretText = items["secret"], !secretText.isEmpty else { throw .missingSecret }
        var otp = OneTimePassword(secret: try secret(secretText))

        let steam = type == "steam" || items["encoder"]?.lowercased() == "steam"
        switch type {
        case "totp", "steam": otp.kind = .totp(period: try period(items["period"]))
        case "hotp": otp.kind = .hotp(counter: try counter(items["counter"]))
        default: throw .unsupportedType(type)
        }
        if let name = items["algorithm"] {
            guard let algorithm = OneTimePassword.Algorithm(rawValue: String(name.uppercased().filter { $0 != "-" })) else {
                throw .unsupportedAlgorithm(name)
            }
            otp.algorithm = algorithm
        }
        if steam {
            otp.encoding = .steam
            otp.digits = 5
        } else if let digits = items["digits"] {
            guard let value = Int(digits), (6...8).contains(value) else { throw .invalidDigits(digits) }
            otp.digits = value
        }

        // The label is "Issuer:account" or "account", the colon literal or encoded. An issuer
        // item wins over the prefix, and tells where a prefix holding a colon of its own ends.
        // Spaces before the account are the format's optional ones, and are dropped.
        let issuerItem = items["issuer"].flatMap { $0.isEmpty ? nil : $0 }
        // Matched by bytes: a prefix ending in a character that joins what follows (U+0600)
        // is not a whole Character of the label.
        let issuerPrefix = issuerItem.map { Array(($0 + ":").utf8) }
        let account: String
        if let issuerPrefix, label.utf8.starts(with: issuerPrefix) {
            account = String(decoding: label.utf8.dropFirst(issuerPrefix.count), as: UTF8.self)
        } else if let colon = rawLabel.firstIndex(of: ":") {
            otp.issuer = percentDecoded(rawLabel[..<colon])
            account = percentDecoded(rawLabel[rawLabel.index(after: colon)...])
        } else if let colon = label.firstIndex(of: ":") {
            otp.issuer = String(label[..<colon])
            account = String(label[label.index(after: colon)...])
        } else {
            account = label
        }
        otp.account = String(account.drop { $0 == " " })
        if let issuerItem { otp.issuer = issuerItem }
        if otp.issuer?.isEmpty == true { otp.issuer = nil }
        if otp.account?.isEmpty == true { otp.account = nil }
        return otp
    }

    /// The canonical URI: every setting spelled out, so that any reader gets the same codes.
    /// Parsing it and rendering again gives the same text.
    public static func render(_ otp: OneTimePassword) -> String {
        // Without an issuer, an account holding a colon follows an empty one, so that its first
        // part is not read back as the issuer.
        var label = otp.issuer.map { percentEncoded($0) + ":" } ?? (otp.account?.contains(":") == true ? ":" : "")
        // Spaces before the account are the key URI format's optional ones, which `parse`
        // drops: an account's own leading spaces cannot be written, and are left out.
        label += percentEncoded(String((otp.account ?? "").drop { $0 == " " }))
        var items = ["secret=" + Base32.encode(otp.secret)]
        if let issuer = otp.issuer { items.append("issuer=" + percentEncoded(issuer)) }
        items.append("algorithm=" + otp.algorithm.rawValue)
        items.append("digits=\(otp.digits)")
        let type: String
        switch otp.kind {
        case .totp(let period):
            type = "totp"
            items.append("period=\(period)")
        case .hotp(let counter):
            type = "hotp"
            items.append("counter=\(counter)")
        }
        if otp.encoding == .steam { items.append("encoder=steam") }
        return "otpauth://\(type)/\(label)?" + items.joined(separator: "&")
    }

    private static func secret(_ text: String) throws(OTPError) -> [UInt8] {
        guard let bytes = Base32.decode(text), !bytes.isEmpty else { throw .invalidSecret }
        return bytes
    }

    private static func period(_ text: String?) throws(OTPError) -> Int {
        guard let text else { return 30 }
        guard let value = Int(text), (1...86_400).contains(value) else { throw .invalidPeriod(text) }
        return value
    }

    private static func counter(_ text: String?) throws(OTPError) -> UInt64 {
        guard let text else { return 0 }
        guard let value = UInt64(text) else { throw .invalidCounter(text) }
        return value
    }

    /// RFC 3986 percent-decoding; a `%` not followed by two hex digits is kept as it is, and
    /// bytes that do not form UTF-8 are replaced.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = HexDigit.value(of: utf8[index + 1]), let low = HexDigit.value(of: utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every byte but RFC 3986's unreserved characters as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> String {
        trimmingCharacters(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }
}
