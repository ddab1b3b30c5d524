import FoundationEssentials

/// A `--pin`: `sha256//BASE64` as curl writes it, or `sha256/BASE64`; the Base64 must hold a
/// 32-byte SHA-256.
enum PinOption {
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
