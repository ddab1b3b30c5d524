import FoundationEssentials

extension Entry {
    /// When the current password was set, by the entry's history: when the one before it was
    /// replaced, or, for a first password, when the entry was made (an import keeps the date the
    /// other manager had). Nil for an entry without a password.
    public var passwordSetAt: Date? {
        guard password != nil else { return nil }
        return history.last?.replaced ?? created
    }
}
