/// Where the lines of a table opened from a version 5 file came from: the record of each line
/// (by where the line starts in the decrypted content), the tombstones as they were sealed,
/// and the keys they are sealed under. A write under the same keys keeps the record of every
/// line it did not change, and the tombstones' box when they did not change, byte for byte.
struct SealedOrigin {
    let keys: EntryKeys
    /// The start of each record's line in the content, increasing, and the record.
    private let starts: [Int]
    private let records: [SealedEntries.Record]
    /// The tombstones as opened, and their box.
    let tombstones: [Tombstone]
    let tombstonesBox: SealedBox
    /// Whether the records and the tombstones hold their writer's authorship (a team vault of
    /// version 10 on): a write keeps them only into a file of the same layout.
    let signed: Bool

    /// `starts[i]` is where the line of `records[i]` starts in the content; both in increasing
    /// order of start.
    init(keys: EntryKeys, starts: [Int], records: [SealedEntries.Record], tombstones: [Tombstone], tombstonesBox: SealedBox, signed: Bool) {
        self.keys = keys
        self.signed = signed
        self.starts = starts
        self.records = records
        self.tombstones = tombstones
        self.tombstonesBox = tombstonesBox
    }

    /// The record whose line starts at `offset` of the content.
    func record(startingAt offset: Int) -> SealedEntries.Record? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] == offset { return records[middle] }
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
