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
    /// Whether every unit is an ASCII character.
    let isASCII: Bool

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
            isASCII = true
            return
        }
        var codes: [UInt32] = [], lowered: [UInt32] = [], offsets: [Int] = [0]
        var offset = 0
        for character in normalized {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                codes.append(scalar.value)
                lowered.append(Self.lowercase(scalar.value))
            } else {
                let code = Self.clusterCode(character)
                codes.append(code)
                lowered.append(code)
            }
            offset += character.utf8.count
            offsets.append(offset)
        }
        LetterCase.applyFinalSigma(to: &lowered, of: codes)
        self.codes = codes
        self.lowered = lowered
        self.offsets = offsets
        isASCII = false
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

    /// The lower case of a unit's code (single-scalar lower-case mappings only).
    static func lowercase(_ code: UInt32) -> UInt32 {
        if code < 0x80 { return code >= 0x41 && code <= 0x5A ? code + 0x20 : code }
        // Kana, Bopomofo, Hangul jamo and syllables, CJK ideographs and Yi have no case.
        if (0x3000..<0xA640).contains(code) || (0xAC00...0xD7A3).contains(code) { return code }
        guard let scalar = Unicode.Scalar(code), scalar.properties.changesWhenLowercased else { return code }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first!.value : scalar.value
    }
}
