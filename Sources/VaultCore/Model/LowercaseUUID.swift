import FoundationEssentials

/// The form of the ids vault stores, an entry's and a vault's: a UUID written in lower case.
package enum LowercaseUUID {
    /// Whether `text` is a UUID in lower case.
    package static func isValid(_ text: String) -> Bool {
        UUID(uuidString: text) != nil && text == text.lowercased()
    }
}
