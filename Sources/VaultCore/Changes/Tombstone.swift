/// What `vault rm` leaves of an entry, so that a merge can tell a deletion from an entry the
/// other side never had: its id, its last name (for messages) and when it was removed. Kept for
/// `VaultState.tombstoneHorizon`, then dropped at a write.
public struct Tombstone: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var deleted: Stamp

    public init(id: String, name: String, deleted: Stamp) {
        self.id = id
        self.name = name
        self.deleted = deleted
    }
}
