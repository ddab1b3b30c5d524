import FoundationEssentials

/// A `--pin`: `[HOST=]sha256//BASE64`. The pin is `sha256//BASE64` as curl writes it, or
/// `sha256/BASE64`, whose Base64 must hold a 32-byte SHA-256; the scope before it, when given,
/// is a `HostPattern` (a host, or `*.example.com`). Base64 ends with `=`, so the scope is the
/// text before `=sha256/` (in any case).
struct PinOption: Equatable, Sendable {
    /// The hosts it applies to; nil for every endpoint without a scoped pin of its own.
    let scope: HostPattern?
    /// In curl's form, `sha256//BASE64`.
    let pin: String

    /// The option as given; an error says why it is not one.
    static func parse(_ text: String) throws(PinOptionError) -> PinOption {
        var pinText = Substring(text)
        var scope: HostPattern?
        if let marker = text.firstRange(of: /=sha256\//.ignoresCase()) {
            do {
                scope = try HostPattern.parse(String(text[..<marker.lowerBound]))
            } catch {
                throw PinOptionError(text: text, reason: "'\(text[..<marker.lowerBound])' is not a host: \(error.reason)")
            }
            pinText = text[text.index(after: marker.lowerBound)...]
        }
        guard let pin = normalized(String(pinText)) else {
            throw PinOptionError(text: text, reason: "expected [HOST=]sha256//BASE64 of a 32-byte SHA-256")
        }
        return PinOption(scope: scope, pin: pin)
    }

    /// The pin in curl's form, or nil when it is not a pin.
    static func normalized(_ text: String) -> String? {
        let lowered = text.lowercased()
        let base64: Substring
        if lowered.hasPrefix("sha256//") {
            base64 = text.dropFirst("sha256//".count)
        } else if lowered.hasPrefix("sha256/") {
            base64 = text.dropFirst("sha256/".count)
        } else {
            return nil
        }
        guard let digest = Data(base64Encoded: String(base64)), digest.count == 32 else { return nil }
        return "sha256//" + digest.base64EncodedString()
    }
}

/// Why a `--pin` cannot be used: the option as given, and what is wrong with it.
struct PinOptionError: Error, Equatable {
    let text: String
    let reason: String

    var message: String { "'\(text)' is not a pin: \(reason)" }
}
