/// SplitMix64: a small random generator with a fixed seed, so that generated data (test files,
/// mutations, the fake range server's padding) and shuffles are the same on every run and a
/// failure can be replayed. Shared by the tests and the test servers.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Fisher-Yates shuffle written out here, so that the order depends on this generator only
    /// and not on the standard library's choice of algorithm.
    public mutating func shuffle<Element>(_ items: inout [Element]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            let other = Int(next() % UInt64(index + 1))
            items.swapAt(index, other)
        }
    }
}
