import FoundationEssentials

/// The rules for entry names: path-like (`web/github`), unique, printable. Names end up in
/// terminals, file names of exports and shell completions, so control characters are refused.
public enum EntryName {
    public static let maximumLength = 512

    /// The name in Unicode NFC, checked: the form names are stored and compared in, so that
    /// "café" typed either way finds the same entry.
    public static func normalized(_ name: String) throws(EntryError) -> String {
        let composed = name.nfcNormalized
        try validate(composed)
        return composed
    }

    /// Whether the UTF-8 bytes of a stored name are in NFC, as every name a command looks up is:
    /// a name in another form could be listed but never found. ASCII names always are.
    static func isComposed(_ utf8: UnsafeRawBufferPointer) -> Bool {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return true }
        let name = String(decoding: utf8, as: UTF8.self)
        return name.utf8.elementsEqual(utf8) && name.isNFC
    }

    /// Throws when `name` cannot be an entry name, saying why.
    public static func validate(_ name: String) throws(EntryError) {
        if name.isEmpty { throw .invalidName(name, "it is empty") }
        if name.utf8.count > maximumLength {
            throw .invalidName(name, "it is longer than \(maximumLength) bytes")
        }
        // Control characters (Cc): C0, DEL and C1; the ASCII ones without a property lookup.
        if name.unicodeScalars.contains(where: { $0.isASCII ? ($0.value < 0x20 || $0.value == 0x7F) : $0.properties.generalCategory == .control }) {
            throw .invalidName(name, "it contains control characters")
        }
        if name.hasPrefix("/") || name.hasSuffix("/") {
            throw .invalidName(name, "it starts or ends with '/'")
        }
        // Byte by byte: zip's iterator would be the only generic type this check instantiates.
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if byte == UInt8(ascii: "/") && previous == byte { throw .invalidName(name, "it has an empty path segment ('//')") }
            previous = byte
        }
        if name.hasPrefix(" ") || name.hasSuffix(" ") {
            throw .invalidName(name, "it starts or ends with a space")
        }
    }
}
