/// Unicode normalisation from the standard library: no ICU (which would add milliseconds to
/// every command's start) and no GLib. `_nfcCodeUnits` is the normaliser the standard library
/// compares strings with (public, underscored, there since Swift 5.7).
extension String {
    /// Whether this string is in Unicode NFC. ASCII always is.
    public var isNFC: Bool {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return true }
        return utf8.elementsEqual(_nfcCodeUnits)
    }

    /// This string in Unicode NFC.
    public var nfcNormalized: String {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return self }
        let composed = _nfcCodeUnits
        return utf8.elementsEqual(composed) ? self : String(decoding: composed, as: UTF8.self)
    }
}

extension String {
    /// Whether `other` occurs in this string, ignoring case (Unicode lower-casing, no ICU).
    public func containsIgnoringCase(_ other: String) -> Bool {
        other.isEmpty || lowercased().contains(other.lowercased())
    }
}
