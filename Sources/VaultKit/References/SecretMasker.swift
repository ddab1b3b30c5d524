/// Replaces every occurrence of a set of secrets in one or more streams of bytes with a marker,
/// as the streams are read: what `vault run` does to its command's output and errors, which a
/// terminal shows together. A secret is found within each stream alone and across all of them
/// in the order their bytes were read (a secret split between standard output and standard
/// error shows whole on a terminal), also when it is split across reads: bytes that could be the
/// start of a secret are held back until later reads (or the end) decide, and the bytes of every
/// stream read after them with them, so that the order of the bytes is kept; everything else
/// is passed on at once, so a prompt without a newline still shows. Overlapping or adjacent
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

    /// A masker for `secrets` over `streams` streams, numbered from 0; empty secrets are left
    /// out, as they would match everywhere.
    public init(secrets: some Sequence<String>, streams: Int = 1, marker: String = defaultMarker) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }
        self.marker = Array(marker.utf8)
        ended = Array(repeating: false, count: streams)
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

    /// Covers every occurrence in each stream and across all of them, and passes on the bytes
    /// before the first one that may begin a secret the bytes read so far end inside of, in a
    /// stream or across all. Every stream waits for that byte, so that the bytes are passed on
    /// in the order they were read, which is what a terminal showing them together shows.
    private mutating func pass() -> [Passed] {
        var release = held.count
        for stream in ended.indices {
            if let hold = cover(held.indices.filter { held[$0].stream == stream }, final: ended[stream]) { release = min(release, hold) }
        }
        if ended.count > 1, let hold = cover(Array(held.indices), final: !ended.contains(false)) {
            release = min(release, hold)
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

    /// Marks as covered every held byte of `view` (indices into the held bytes, in the order
    /// read) inside a whole occurrence of a secret; returns the index of the first byte that
    /// may start a secret the view ends inside of, unless `final`.
    private mutating func cover(_ view: [Int], final: Bool) -> Int? {
        for position in view.indices {
            guard let length = match(view, at: position, final: final) else { return view[position] }
            for index in view[position..<(position + length)] { held[index].covered = true }
        }
        return nil
    }

    /// The length of the longest secret at `position` of `view` (0 when none is there), or nil
    /// when the view ends inside what may still become a secret and more may come.
    private func match(_ view: [Int], at position: Int, final: Bool) -> Int? {
        var longest = 0
        let available = view.count - position
        let byte = held[view[position]].byte
        for secret in secrets where byte == secret[0] {
            let compared = min(available, secret.count)
            guard (0..<compared).allSatisfy({ held[view[position + $0]].byte == secret[$0] }) else { continue }
            if compared == secret.count {
                longest = max(longest, secret.count)
            } else if !final {
                return nil
            }
        }
        return longest
    }
}
