/// A secret reference, `vault://NAME` (the entry's password) or `vault://NAME#FIELD` (one of its
/// fields, or `otp` for the current one-time code): what `vault read`, `vault run` and `vault
/// inject` resolve. The name and the field are percent-encoded where they hold `#`, `%`, white
/// space or control characters (`vault://my%20bank#pin`); other characters, `/` and non-ASCII
/// letters included, stand for themselves.
public struct SecretReference: Hashable, Sendable, CustomStringConvertible {
    /// What every reference starts with.
    public static let scheme = "vault://"

    /// The entry's name, decoded and in NFC, as entry names are stored.
    public var name: String
    /// The field asked for; nil for the password.
    public var field: String?

    public init(name: String, field: String? = nil) {
        self.name = name
        self.field = field
    }

    /// Whether `text` is meant as a reference: it starts with `vault://`. A value that does but
    /// does not parse is a mistake to report, not a plain value to pass on.
    public static func isReference(_ text: String) -> Bool {
        text.utf8.starts(with: scheme.utf8)
    }

    /// Parses a whole reference.
    public init(parsing text: String) throws(SecretReferenceError) {
        guard Self.isReference(text) else { throw .notAReference(text) }
        // Split by code points, not characters: a combining mark after `#` must not hide it.
        let body = text.unicodeScalars.dropFirst(Self.scheme.unicodeScalars.count)
        let parts = body.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let rawName = String(String.UnicodeScalarView(parts[0]))
        if let bare = rawName.unicodeScalars.first(where: Self.mustBeEncoded) {
            throw .malformed(text, "\(Self.describe(bare)) in a name must be percent-encoded")
        }
        let decodedName = try Self.percentDecoded(rawName, in: text)
        do {
            name = try EntryName.normalized(decodedName)
        } catch {
            throw .malformed(text, error.message)
        }
        guard parts.count == 2 else {
            field = nil
            return
        }
        let rawField = String(String.UnicodeScalarView(parts[1]))
        if let bare = rawField.unicodeScalars.first(where: { $0 == "#" || Self.mustBeEncoded($0) }) {
            throw .malformed(text, "\(Self.describe(bare)) in a field must be percent-encoded")
        }
        let decodedField = try Self.percentDecoded(rawField, in: text)
        guard !decodedField.isEmpty else { throw .malformed(text, "the field after '#' is empty") }
        field = decodedField
    }

    /// The reference as text, encoded so that it parses back to itself.
    public var description: String {
        Self.scheme + Self.percentEncoded(name) + (field.map { "#" + Self.percentEncoded($0) } ?? "")
    }

    /// What a raw reference may not hold: `%` starts an escape, and white space and control
    /// characters end a reference in a template or hide in a terminal.
    private static func mustBeEncoded(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar == " " ? "a space" : "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for scalar in text.unicodeScalars {
            if scalar == "#" || scalar == "%" || mustBeEncoded(scalar) {
                for byte in String(scalar).utf8 { encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
            } else {
                encoded.unicodeScalars.append(scalar)
            }
        }
        return encoded
    }

    /// `text` with each `%XX` replaced by its byte; the bytes must then be UTF-8.
    private static func percentDecoded(_ text: String, in reference: String) throws(SecretReferenceError) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let high = HexDigit.value(of: input.removeFirst()), let low = HexDigit.value(of: input.removeFirst()) else {
                throw .malformed(reference, "'%' must be followed by two hexadecimal digits")
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .malformed(reference, "its percent-encoded bytes are not UTF-8")
        }
        return decoded
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: Swift.max(0, length - count)) + self
    }
}
