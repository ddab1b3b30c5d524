/// The rules for the names in a team's member list, the team's own among them: short, printable
/// on one line and stored in one form, since people pick members by name and every machine must
/// compare names byte by byte the same way.
public enum TeamMemberName {
    /// The longest name, in bytes of UTF-8.
    public static let maximumLength = 64

    /// `name` in Unicode NFC, checked: the form names are stored and compared in.
    public static func normalized(_ name: String) throws(TeamLogError) -> String {
        let composed = name.nfcNormalized
        try validate(composed)
        return composed
    }

    /// Throws when `name`, exactly as given, cannot be a name, saying why.
    public static func validate(_ name: String) throws(TeamLogError) {
        if name.isEmpty { throw .invalidName(name, "it is empty") }
        if name.utf8.count > maximumLength { throw .invalidName(name, "it is longer than \(maximumLength) bytes") }
        if !name.isNFC { throw .invalidName(name, "it is not in Unicode NFC") }
        if name.unicodeScalars.contains(where: isInvisible) {
            throw .invalidName(name, "it contains control, format or line-breaking characters")
        }
        if name.unicodeScalars.contains("/") { throw .invalidName(name, "it contains '/'") }
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            throw .invalidName(name, "it starts or ends with white space")
        }
    }

    /// Whether `scalar` is a control (Cc) or format (Cf) character, or a line or paragraph
    /// separator: characters that act on a terminal or hide what a name looks like.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
