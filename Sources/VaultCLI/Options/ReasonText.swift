import VaultCore

/// What a reason for a command (`--reason`, `VAULT_REASON`) may be: one line of at most
/// `SecurityEvent.maximumReasonLength` bytes, without control or format characters (which could
/// make it show as something else: a bidirectional override, a line separator), not empty.
public enum ReasonText {
    /// Whether `scalar` may not stand in a reason.
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// What is wrong with `text` as a reason, said after the option's name; nil when nothing.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > SecurityEvent.maximumReasonLength { return "is longer than \(SecurityEvent.maximumReasonLength) bytes" }
        if text.unicodeScalars.contains(where: isRefused) { return "holds a control or format character" }
        return nil
    }

    /// `text` made a reason: control and format characters replaced by U+FFFD and cut to the longest
    /// length on a character's end; nil when nothing is left (for `VAULT_REASON`, which no
    /// parser checked, and which must not cost the event).
    public static func sanitized(_ text: String) -> String? {
        var kept = ""
        for character in text {
            let replaced = character.unicodeScalars.contains(where: isRefused) ? "\u{FFFD}" : String(character)
            guard kept.utf8.count + replaced.utf8.count <= SecurityEvent.maximumReasonLength else { break }
            kept += replaced
        }
        return kept.isEmpty ? nil : kept
    }
}
