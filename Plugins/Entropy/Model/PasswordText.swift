/// A password as the estimator sees it: a sequence of units, one per grapheme cluster (what a
/// person calls a character: "é" is one unit whether it was typed composed or decomposed, and so
/// is a flag emoji), after NFC normalisation.
///
/// Each unit has a numeric code: its Unicode scalar value when the cluster is a single scalar,
/// else a code above the Unicode range derived from the cluster's bytes, the same for equal
/// clusters in any text, so that repeats of multi-scalar clusters are still seen and an entry's
/// words compare with its password. Sequences and keyboards only ever match single scalars.
struct PasswordText {
    /// The normalised text.
    let text: String
    /// One code per unit.
    let codes: [UInt32]
    /// The codes lower-cased (single-scalar lower-case mappings only), for dictionary lookups.
    let lowered: [UInt32]
    /// The UTF-8 offset where each unit starts in `text`, plus the end offset.
    private let offsets: [Int]

    /// First code used for multi-scalar clusters.
    static let firstClusterCode: UInt32 = 0x11_0000

    var count: Int { codes.count }

    init(_ password: String) {
        let normalized = password.nfcNormalized
        text = normalized
        if normalized.utf8.allSatisfy({ $0 < 0x80 }) {
            codes = normalized.utf8.map { UInt32($0) }
            lowered = codes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            offsets = Array(0...codes.count)
            return
        }
        var codes: [UInt32] = [], lowered: [UInt32] = [], offsets: [Int] = [0]
        var offset = 0
        for character in normalized {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                codes.append(scalar.value)
                lowered.append(Self.lowercase(scalar))
            } else {
                let code = Self.clusterCode(character)
                codes.append(code)
                lowered.append(code)
            }
            offset += character.utf8.count
            offsets.append(offset)
        }
        self.codes = codes
        self.lowered = Self.withFinalSigma(lowered, codes: codes)
        self.offsets = offsets
    }

    /// Text made of `scalars`, one unit each, taken as they are: for a reading of a password
    /// computed scalar by scalar (another keyboard layout's), where normalising and splitting
    /// into grapheme clusters again would cost more than the lookup it serves.
    init(scalars: [Unicode.Scalar]) {
        var utf8: [UInt8] = [], offsets = [0]
        utf8.reserveCapacity(scalars.count * 3)
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            utf8.append(contentsOf: UTF8.encode(scalar)!)
            offsets.append(utf8.count)
        }
        text = String(decoding: utf8, as: UTF8.self)
        codes = scalars.map(\.value)
        lowered = Self.withFinalSigma(scalars.map(Self.lowercase), codes: codes)
        self.offsets = offsets
    }

    /// The text of units `range` (inclusive bounds), for showing a segment.
    func token(_ range: ClosedRange<Int>) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets[range.lowerBound])
        let upper = utf8.index(utf8.startIndex, offsetBy: offsets[range.upperBound + 1])
        return String(Substring(utf8[lower..<upper]))
    }

    /// A part of this password as a password of its own (for analysing a repeated block).
    func part(_ range: ClosedRange<Int>) -> PasswordText {
        PasswordText(token(range))
    }

    /// A code for a multi-scalar cluster: 32-bit FNV-1a of its UTF-8 bytes, folded into the
    /// space above `firstClusterCode`. Two different clusters could share a code only by a
    /// one-in-billions accident, which would at worst lower an estimate.
    private static func clusterCode(_ character: Character) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in character.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return firstClusterCode + hash % (UInt32.max - firstClusterCode)
    }

    /// Capital sigma lower-cases to final ς at the end of a word and to σ elsewhere (Unicode's
    /// Final_Sigma rule: after a cased letter and not before one), so that `ΑΓΑΠΗΣ` is `αγαπης`.
    private static func withFinalSigma(_ lowered: [UInt32], codes: [UInt32]) -> [UInt32] {
        var lowered = lowered
        for index in codes.indices where codes[index] == LetterCase.capitalSigma && LetterCase.endsWord(at: index, in: codes) {
            lowered[index] = LetterCase.finalSigma
        }
        return lowered
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> UInt32 {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A ? scalar.value + 0x20 : scalar.value }
        guard scalar.properties.changesWhenLowercased else { return scalar.value }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first!.value : scalar.value
    }
}
