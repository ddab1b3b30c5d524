/// Replaces every occurrence of a set of secrets in one or more streams of bytes with a marker,
/// as the streams are read: what `vault run` does to its command's output and errors, which a
/// terminal shows together. A secret is found within each stream alone and across all of them
/// in the order their bytes were read (a secret split between standard output and standard
/// error shows whole on a terminal), also when it is split across reads: bytes that could be the
/// start of a secret are held back until later reads (or the end) decide, and the bytes of every
/// stream read after them with them, so that the order of the bytes is kept; everything else
/// is passed on at once, so a prompt without a newline still shows. Bytes of one stream that
/// wait behind another's possible start of a secret wait for 64 KiB or until `releaseHeld` (which
/// `MaskedRelay` calls after half a second) at most: that start is then masked, and still
/// counts for the bytes of its stream that follow. Overlapping or adjacent
/// occurrences read one after another in a stream are covered by one marker, so that no byte of
/// any occurrence is shown and no boundary between them; an occurrence spread over two streams
/// leaves a marker in each.
public struct SecretMasker {
    /// What `vault run` writes in place of a secret.
    public static let defaultMarker = "<concealed by vault>"

    /// Bytes to be passed on to one stream's destination.
    public struct Passed: Equatable, Sendable {
        public var stream: Int
        public var bytes: [UInt8]
    }

    /// A byte read but not yet passed on.
    private struct Held {
        var byte: UInt8
        var stream: Int
        /// Inside an occurrence of a secret (found whole, so for good).
        var covered = false
    }

    private let secrets: [[UInt8]]
    private let marker: [UInt8]
    private var held: [Held] = []
    /// Per stream: whether it has ended (nothing more will be read from it).
    private var ended: [Bool]
    /// The stream whose marker was the last thing passed on: a covered byte of that stream
    /// continues it rather than starting another. Any other byte passed on ends it, so that
    /// bytes passed on on either side of covered ones never stand side by side.
    private var markerOf: Int?
    /// Per stream, and across all of them: bytes passed on masked by `releaseHeld` from which a
    /// secret may still start (the next bytes complete it), kept for matching only.
    private var carry: [[UInt8]]
    private var carryAcross: [UInt8] = []

    /// A masker for `secrets` over `streams` streams, numbered from 0; empty secrets are left
    /// out, as they would match everywhere.
    public init(secrets: some Sequence<String>, streams: Int = 1, marker: String = defaultMarker) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }
        self.marker = Array(marker.utf8)
        ended = Array(repeating: false, count: streams)
        carry = Array(repeating: [], count: streams)
    }

    /// Whether there is anything to mask.
    public var isEmpty: Bool { secrets.isEmpty }

    /// What can be passed on now that `chunk` has been read from `stream`, in order.
    public mutating func feed(_ chunk: some Sequence<UInt8>, from stream: Int) -> [Passed] {
        held.append(contentsOf: chunk.lazy.map { Held(byte: $0, stream: stream) })
        return pass()
    }

    /// What can be passed on now that `stream` has ended; a secret may still begin in it and go
    /// on in another.
    public mutating func end(_ stream: Int) -> [Passed] {
        ended[stream] = true
        return pass()
    }

    /// Everything still held, masked, once every stream has ended.
    public mutating func finish() -> [Passed] {
        ended = ended.map { _ in true }
        return pass()
    }

    /// Passes on everything held, masking the starts of secrets that hold it back (the bytes
    /// of a stream that end inside what may become a secret, while the other stream has bytes
    /// waiting behind them): for `MaskedRelay`, once the other stream has waited long enough.
    /// A masked start still counts, so that its stream's next bytes that complete the secret are
    /// masked too.
    public mutating func releaseHeld() -> [Passed] {
        pass(force: true)
    }

    /// Whether one stream's bytes wait behind another's possible start of a secret.
    public var isHoldingBack: Bool {
        guard let first = held.first?.stream else { return false }
        return held.contains { $0.stream != first }
    }

    /// How many bytes may wait behind a possible start of a secret before they are released
    /// as `releaseHeld` does.
    static let holdLimit = 65_536

    /// Covers every occurrence in each stream and across all of them, and passes on the bytes
    /// before the first one that may begin a secret the bytes read so far end inside of, in a
    /// stream or across all. Every stream waits for that byte, so that the bytes are passed on
    /// in the order they were read, which is what a terminal showing them together shows; past
    /// `holdLimit` bytes, or when `force`d, that start is masked instead and everything passes.
    private mutating func pass(force: Bool = false) -> [Passed] {
        var release = held.count
        var streamStarts: [Int] = []
        for stream in ended.indices {
            if let hold = coverStream(stream) {
                release = min(release, hold)
                streamStarts.append(hold)
            }
        }
        var acrossStart: Int?
        if ended.count > 1 {
            let across = coverCarrying(carryAcross, Array(held.indices), final: !ended.contains(false))
            carryAcross = across.carry
            if let hold = across.hold {
                release = min(release, hold)
                acrossStart = hold
            }
        }
        if (force || held.count > Self.holdLimit) && isHoldingBack {
            for start in streamStarts {
                let indices = held.indices[start...].filter { held[$0].stream == held[start].stream }
                for index in indices { held[index].covered = true }
                carry[held[start].stream] += indices.map { held[$0].byte }
            }
            // Across streams the possible start runs to the end of what is held.
            if let acrossStart {
                for index in held.indices[acrossStart...] { held[index].covered = true }
                carryAcross += held[acrossStart...].map(\.byte)
            }
            release = held.count
        }
        var output: [Passed] = []
        func add(_ bytes: [UInt8], to stream: Int) {
            if output.last?.stream == stream { output[output.count - 1].bytes += bytes } else { output.append(Passed(stream: stream, bytes: bytes)) }
        }
        for item in held[..<release] {
            if !item.covered {
                add([item.byte], to: item.stream)
            } else if markerOf != item.stream {
                add(marker, to: item.stream)
            }
            markerOf = item.covered ? item.stream : nil
        }
        held.removeFirst(release)
        return output
    }

    /// Covers the occurrences in `stream` alone, its carried bytes first; returns the index of
    /// its first held byte that may start a secret.
    private mutating func coverStream(_ stream: Int) -> Int? {
        let covered = coverCarrying(carry[stream], held.indices.filter { held[$0].stream == stream }, final: ended[stream])
        carry[stream] = covered.carry
        return covered.hold
    }

    /// Covers the occurrences in `carried` bytes followed by the held bytes at `real`; returns
    /// the index of the first of those held bytes that may start a secret, and the carried
    /// bytes from which a secret may still start.
    private mutating func coverCarrying(_ carried: [UInt8], _ real: [Int], final: Bool) -> (hold: Int?, carry: [UInt8]) {
        let view = (0..<carried.count).map { -1 - $0 } + real
        guard let hold = cover(view, carry: carried, final: final) else { return (nil, []) }
        guard hold < 0 else { return (hold, []) }
        return (real.first, Array(carried[(-1 - hold)...]))
    }

    /// Marks as covered every held byte of `view` inside a whole occurrence of a secret;
    /// returns the element of the first byte that may start a secret the view ends inside of,
    /// unless `final`. Elements are indices into the held bytes, or -1 - N for byte N of
    /// `carry`, bytes passed on (masked) already, which count for matching only.
    private mutating func cover(_ view: [Int], carry: [UInt8], final: Bool) -> Int? {
        for position in view.indices {
            guard let length = match(view, at: position, final: final, carry: carry) else { return view[position] }
            for element in view[position..<(position + length)] where element >= 0 { held[element].covered = true }
        }
        return nil
    }

    /// The length of the longest secret at `position` of `view` (0 when none is there), or nil
    /// when the view ends inside what may still become a secret and more may come.
    private func match(_ view: [Int], at position: Int, final: Bool, carry: [UInt8]) -> Int? {
        let byte = { (element: Int) in element >= 0 ? self.held[element].byte : carry[-1 - element] }
        var longest = 0
        let available = view.count - position
        let first = byte(view[position])
        for secret in secrets where first == secret[0] {
            let compared = min(available, secret.count)
            guard (0..<compared).allSatisfy({ byte(view[position + $0]) == secret[$0] }) else { continue }
            if compared == secret.count {
                longest = max(longest, secret.count)
            } else if !final {
                return nil
            }
        }
        return longest
    }
}
