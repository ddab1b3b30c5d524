import SeededRandom
import Crypto

/// Makes the count-0 filler lines that `Add-Padding: true` asks for.
///
/// The generator is seeded from the prefix, so a prefix always gets the same padding and the same
/// line count; padding suffixes never repeat each other or a known suffix.
enum PaddingGenerator {
    /// Fewest lines a padded response has.
    static let minimumLines = 800
    /// Most lines a padded response has (unless the prefix alone has more known hashes).
    static let maximumLines = 1_000

    /// The known entries merged with enough padding to reach this prefix's target line count, sorted.
    static func padded(_ known: [RangeEntry], prefix: HashPrefix) -> [RangeEntry] {
        var random = SeededRandom(seed: seed(for: prefix))
        let span = UInt64(maximumLines - minimumLines + 1)
        let target = minimumLines + Int(random.next() % span)
        let missing = target - known.count
        guard missing > 0 else { return known }

        var taken = Set(known.map(\.suffix))
        var all = known
        all.reserveCapacity(target)
        while all.count < target {
            let suffix = HashSuffix(high: random.next(), middle: random.next(), low: random.next())
            if taken.insert(suffix).inserted {
                all.append(RangeEntry(suffix: suffix, count: 0))
            }
        }
        all.sort { $0.suffix < $1.suffix }
        return all
    }

    /// A 64-bit seed taken from a SHA-256 digest of the upper-case prefix.
    private static func seed(for prefix: HashPrefix) -> UInt64 {
        let digest = SHA256.hash(data: Array("fake-hibp padding \(prefix.text)".utf8))
        return digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
