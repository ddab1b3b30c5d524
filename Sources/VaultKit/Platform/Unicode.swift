/// Unicode normalisation, from the standard library: no ICU (which would add milliseconds to
/// every command's start) and no GLib. The check is public API (`UTF8Span.checkForNFC`); the
/// normaliser is the one the standard library compares strings with, `_nfcCodeUnits`, needed
/// only for a name typed in another form.
extension String {
    /// Whether this string is in Unicode NFC. ASCII always is.
    public var isNFC: Bool {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return true }
        var span = utf8Span
        return span.checkForNFC(quickCheck: false)
    }

    /// This string in Unicode NFC.
    public var nfcNormalized: String {
        isNFC ? self : String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}

extension String {
    /// Whether `other` occurs in this string, ignoring case (Unicode lower-casing, no ICU).
    public func containsIgnoringCase(_ other: String) -> Bool {
        other.isEmpty || lowercased().contains(other.lowercased())
    }
}
