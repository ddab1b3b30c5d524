/// Replaces every occurrence of a set of secrets in a stream of bytes with a marker, as the
/// stream is read: what `vault run` does to its command's output. A secret split across two
/// reads is still found, because bytes that could be the start of a secret are held back until
/// the next read (or the end) decides; everything else is passed on at once, so a prompt without
/// a newline still shows. Overlapping or adjacent occurrences are covered by one marker, so that
/// no byte of any occurrence is shown and no boundary between them; the marker of secrets at the
/// very end of what was read waits for the next read, which may continue them.
public struct SecretMasker {
    /// What `vault run` writes in place of a secret.
    public static let defaultMarker = "<concealed by vault>"

    private let secrets: [[UInt8]]
    private let marker: [UInt8]
    /// Bytes read but not yet passed on: the possible start of a secret.
    private var held: [UInt8] = []

    /// A masker for `secrets`; empty ones are left out, as they would match everywhere.
    public init(secrets: some Sequence<String>, marker: String = defaultMarker) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }
        self.marker = Array(marker.utf8)
    }

    /// Whether there is anything to mask.
    public var isEmpty: Bool { secrets.isEmpty }

    /// The bytes that can be passed on now that `chunk` has been read.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> [UInt8] {
        held.append(contentsOf: chunk)
        return scan(final: false)
    }

    /// Everything still held, masked, once the stream has ended.
    public mutating func finish() -> [UInt8] {
        scan(final: true)
    }

    /// Passes on the held bytes up to the first place where a secret may begin but the bytes
    /// end first (all of them when `final`), masking every run of bytes covered by secrets.
    private mutating func scan(final: Bool) -> [UInt8] {
        var output: [UInt8] = []
        var plainStart = 0
        var covered: Range<Int>?
        var position = 0
        while position < held.count {
            guard let length = match(at: position, final: final) else { break }
            // A run ends where no occurrence continues it; one that starts right at its end
            // extends it, so that adjacent secrets share a marker and show no boundary.
            if let run = covered, position > run.upperBound || (position == run.upperBound && length == 0) {
                output += marker
                plainStart = run.upperBound
                covered = nil
            }
            if length > 0 {
                if let run = covered {
                    covered = run.lowerBound..<max(run.upperBound, position + length)
                } else {
                    output += held[plainStart..<position]
                    covered = position..<(position + length)
                }
            }
            position += 1
        }
        let keepFrom: Int
        if let run = covered {
            // A run that reaches the end of what was read may still be extended by the next
            // read; it is held (and its marker shown) until that read or the end.
            if final {
                output += marker
                keepFrom = run.upperBound
            } else {
                keepFrom = run.lowerBound
            }
        } else {
            output += held[plainStart..<position]
            keepFrom = position
        }
        held.removeFirst(keepFrom)
        return output
    }

    /// The length of the longest secret at `position` (0 when none is there), or nil when the
    /// held bytes end inside what may still become a secret and more may come.
    private func match(at position: Int, final: Bool) -> Int? {
        var longest = 0
        let available = held.count - position
        for secret in secrets where held[position] == secret[0] {
            let compared = min(available, secret.count)
            guard held[position..<(position + compared)].elementsEqual(secret[0..<compared]) else { continue }
            if compared == secret.count {
                longest = max(longest, secret.count)
            } else if !final {
                return nil
            }
        }
        return longest
    }
}
