import CKeyringShim

/// Unicode normalisation without ICU (which would add milliseconds to every command's start):
/// GLib's, already linked for the keyring.
enum UnicodeNormalization {
    /// `text` in NFC; unchanged if GLib cannot normalise it.
    static func nfc(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        // GLib takes C strings: normalise the pieces between NUL characters one by one.
        if text.utf8.contains(0) {
            return text.split(separator: "\0", omittingEmptySubsequences: false).map { nfc(String($0)) }.joined(separator: "\0")
        }
        guard let normalized = vk_normalize_nfc(text) else { return text }
        defer { vk_free_message(normalized) }
        return String(cString: normalized)
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// This string in Unicode NFC.
    public var nfcNormalized: String { UnicodeNormalization.nfc(self) }
}

extension String {
    /// Whether `other` occurs in this string, ignoring case (Unicode lower-casing, no ICU).
    public func containsIgnoringCase(_ other: String) -> Bool {
        other.isEmpty || lowercased().contains(other.lowercased())
    }
}
