import VaultCore

/// What a reason for a command (`--reason`, `VAULT_REASON`) may be: one line of at most
/// `SecurityEvent.maximumReasonLength` bytes, without control characters, not empty.
public enum ReasonText {
    /// What is wrong with `text` as a reason, said after the option's name; nil when nothing.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > SecurityEvent.maximumReasonLength { return "is longer than \(SecurityEvent.maximumReasonLength) bytes" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "holds a control character" }
        return nil
    }

    /// `text` made a reason: control characters replaced by U+FFFD and cut to the longest
    /// length on a character's end; nil when nothing is left (for `VAULT_REASON`, which no
    /// parser checked, and which must not cost the event).
    public static func sanitized(_ text: String) -> String? {
        var kept = ""
        for character in text {
            let replaced = character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "\u{FFFD}" : String(character)
            guard kept.utf8.count + replaced.utf8.count <= SecurityEvent.maximumReasonLength else { break }
            kept += replaced
        }
        return kept.isEmpty ? nil : kept
    }
}
