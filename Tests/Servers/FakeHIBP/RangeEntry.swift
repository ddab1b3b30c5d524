/// One line of a range response: a hash suffix and how often it was seen (0 for padding).
struct RangeEntry: Sendable {
    let suffix: HashSuffix
    let count: UInt64
}
