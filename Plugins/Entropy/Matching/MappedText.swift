/// A password as it reads in another keyboard layout, with the way back: each unit of the mapped
/// text knows the units of the password it came from (one unit may become several, as a Hangul
/// syllable becomes its keys, or several one, as keys become a syllable).
///
/// Built unit by unit by `LayoutMapping` into arrays of codes, never as a string: a password is
/// read in up to thirteen layouts, and only the few words found there are ever spelled.
struct MappedText {
    /// What a character no key of the layout types becomes: no word contains it.
    static let barrier: UInt32 = 0xFFFD

    /// One code per unit of the mapped text (valid scalars), as typed and lower-cased (with the
    /// Final_Sigma rule), for dictionary lookups.
    private(set) var codes: [UInt32] = []
    private(set) var lowered: [UInt32] = []
    /// For each unit, the first and last units of the password it came from; both empty while
    /// each unit came from the password's unit at the same place (most readings).
    private var firstOrigins: [Int] = []
    private var lastOrigins: [Int] = []
    /// How many of the first i units differ from the password's units they came from.
    private var changedBefore: [Int] = [0]
    /// Whether some unit reads as another letter, or a letter reads as something else: without
    /// one, the mapping does not apply to the password.
    private(set) var changesALetter = false

    init() {}

    /// Room for readings of up to `units` units without growing.
    init(capacity units: Int) {
        codes.reserveCapacity(units)
        lowered.reserveCapacity(units)
        changedBefore.reserveCapacity(units + 1)
    }

    /// Empties the text for another reading, keeping its storage (a password is read in many
    /// layouts, one after another, into the same buffers).
    mutating func removeAll() {
        codes.removeAll(keepingCapacity: true)
        lowered.removeAll(keepingCapacity: true)
        firstOrigins.removeAll(keepingCapacity: true)
        lastOrigins.removeAll(keepingCapacity: true)
        changedBefore.removeAll(keepingCapacity: true)
        changedBefore.append(0)
        changesALetter = false
    }

    var count: Int { codes.count }

    /// Appends a unit that reads as `code` (lower case `lowered`) and came from the password's
    /// units `first...last`; `changed` says it reads differently from them, `letter` that the
    /// change concerns a letter.
    mutating func append(_ code: UInt32, lowered: UInt32, from first: Int, through last: Int, changed: Bool, letter: Bool) {
        if !firstOrigins.isEmpty || first != codes.count || last != first {
            if firstOrigins.isEmpty {
                firstOrigins.append(contentsOf: codes.indices)
                lastOrigins.append(contentsOf: codes.indices)
            }
            firstOrigins.append(first)
            lastOrigins.append(last)
        }
        codes.append(code)
        self.lowered.append(lowered)
        changedBefore.append(changedBefore[changedBefore.count - 1] + (changed ? 1 : 0))
        if changed && letter && code != Self.barrier { changesALetter = true }
    }

    /// Once all units are appended: false when no letter changed (the reading does not apply),
    /// else true, finished.
    mutating func finishIfChanged() -> Bool {
        guard changesALetter else { return false }
        finish()
        return true
    }

    /// Empties the text and reads each of `source`, ASCII codes, as one unit through a layout's
    /// tables (what most readings are, done without a call per unit): `table[code]` is what the
    /// code reads as, with `letterFlag` set when the change concerns a letter, and
    /// `loweredTable[code]` its lower case.
    mutating func read(ascii source: ArraySlice<UInt32>, table: [UInt32], loweredTable: [UInt32], letterFlag: UInt32) {
        removeAll()
        var changed = 0
        for code in source {
            let flagged = table[Int(code)], mapped = flagged & ~letterFlag
            codes.append(mapped)
            lowered.append(loweredTable[Int(code)])
            if mapped != code {
                changed += 1
                if flagged & letterFlag != 0 && mapped != Self.barrier { changesALetter = true }
            }
            changedBefore.append(changed)
        }
    }

    /// Applies Unicode's Final_Sigma rule to the lower-cased units, once all are appended.
    mutating func finish() {
        LetterCase.applyFinalSigma(to: &lowered, of: codes)
    }

    /// The mapped text of units `range`, or all of it.
    func spelling(_ range: ClosedRange<Int>? = nil) -> String {
        let range = range ?? 0...(codes.count - 1)
        var utf8: [UInt8] = []
        utf8.reserveCapacity(4 * range.count)
        for code in codes[range] { utf8.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(code) ?? Unicode.Scalar(Self.barrier)!)!) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The password's units that units `bounds` of the mapped text came from; nil when the
    /// bounds cut a unit of the password in two, or nothing in them changed (the password itself
    /// is matched already).
    func originalBounds(of bounds: ClosedRange<Int>) -> ClosedRange<Int>? {
        let (first, last) = (bounds.lowerBound, bounds.upperBound)
        guard changedBefore[last + 1] > changedBefore[first] else { return nil }
        if firstOrigins.isEmpty { return bounds }
        guard first == 0 || lastOrigins[first - 1] < firstOrigins[first],
              last == codes.count - 1 || firstOrigins[last + 1] > lastOrigins[last] else { return nil }
        return firstOrigins[first]...lastOrigins[last]
    }
}
