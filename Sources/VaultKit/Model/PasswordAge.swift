import FoundationEssentials

extension Entry {
    /// When the current password was set: when the one before it was replaced (the history's
    /// last change); for a first password, when the entry was made (an import keeps the date
    /// the other manager had), unless it was added later to an entry that had none, which its
    /// stamp shows (every part of a new entry is stamped at once, the type among them). Nil for
    /// an entry without a password.
    public var passwordSetAt: Date? {
        guard password != nil else { return nil }
        if let replaced = history.last?.replaced { return replaced }
        if let set = clocks["password"], let made = clocks["type"], !set.device.isEmpty, set > made { return set.date }
        return created
    }
}
