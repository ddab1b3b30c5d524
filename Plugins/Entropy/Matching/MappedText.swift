/// A password as it reads in another keyboard layout, with the way back: each unit of the mapped
/// text knows the units of the password it came from (one unit may become several, as a Hangul
/// syllable becomes its keys, or several one, as keys become a syllable).
struct MappedText {
    /// What a character no key of the layout types becomes: no word contains it.
    static let barrier: UInt32 = 0xFFFD

    let text: PasswordText
    /// For each unit of `text`, the password's units it came from.
    private let origins: [ClosedRange<Int>]
    /// How many of the first i units of `text` differ from the password's units they came from.
    private let changedBefore: [Int]
    /// `codes` (valid scalars) and their origins, mapped from `password`; nil when no letter of
    /// the password reads differently and no character reads as a letter (the mapping does not
    /// apply), which is found before the mapped text is built.
    init?(codes: [UInt32], origins: [ClosedRange<Int>], from password: PasswordText) {
        var changedBefore = [0]
        changedBefore.reserveCapacity(codes.count + 1)
        var changesALetter = false
        for (code, origin) in zip(codes, origins) {
            let original = password.codes[origin.lowerBound]
            let changed = origin.count > 1 || code != original
            if changed && code != Self.barrier && !changesALetter {
                changesALetter = [original, code].contains { Unicode.Scalar($0)?.properties.isAlphabetic == true }
            }
            changedBefore.append(changedBefore.last! + (changed ? 1 : 0))
        }
        guard changesALetter else { return nil }
        text = PasswordText(scalars: codes.map { Unicode.Scalar($0) ?? Unicode.Scalar(Self.barrier)! })
        self.origins = origins
        self.changedBefore = changedBefore
    }

    /// The password's units that units `bounds` of the mapped text came from; nil when the
    /// bounds cut a unit of the password in two, or nothing in them changed (the password itself
    /// is matched already).
    func originalBounds(of bounds: ClosedRange<Int>) -> ClosedRange<Int>? {
        let (first, last) = (bounds.lowerBound, bounds.upperBound)
        guard first == 0 || origins[first - 1].upperBound < origins[first].lowerBound,
              last == origins.count - 1 || origins[last + 1].lowerBound > origins[last].upperBound,
              changedBefore[last + 1] > changedBefore[first] else { return nil }
        return origins[first].lowerBound...origins[last].upperBound
    }
}
