import FoundationEssentials

extension Entry {
    /// When the current password was set: when the one before it was replaced (the history's
    /// last change). A first password dates from the entry's creation when it came with the
    /// entry (every part of an entry that is put at once gets one stamp, so no other part was
    /// stamped before it; an import keeps the date the other manager had), and from its own
    /// stamp when it was added later to an entry that had none (some other part's stamp is
    /// older). Nil for an entry without a password.
    public var passwordSetAt: Date? {
        guard password != nil else { return nil }
        if let replaced = history.last?.replaced { return replaced }
        // A stamp of no device stands for the entry's modification time, which any edit moves.
        guard let set = clocks["password"], !set.device.isEmpty else { return created }
        let cameLater = EntryPart.builtIn.contains { part in part != "password" && clocks[part].map { $0 < set } == true }
        return cameLater ? set.date : created
    }
}
