/// Finds words of the ranked lists in a password: as they are, reversed, and with l33t
/// substitutions (`p@ssw0rd`), each from every starting unit, stopping as soon as no word of the
/// lists continues.
struct DictionaryMatcher: PasswordMatcher {
    let words: RankedWords

    /// The letters each l33t character may stand for, indexed by the character (all are ASCII).
    static let l33tLetters: [[UInt8]] = {
        var table = [[UInt8]](repeating: [], count: 128)
        let pairs: KeyValuePairs<Unicode.Scalar, String> = [
            "4": "a", "@": "a", "8": "b", "(": "c", "{": "c", "[": "c", "<": "c", "3": "e", "6": "g",
            "9": "g", "1": "il", "!": "i", "|": "il", "7": "lt", "0": "o", "$": "s", "5": "s", "+": "t",
            "%": "x", "2": "z",
        ]
        for (l33t, letters) in pairs { table[Int(l33t.value)] = Array(letters.utf8) }
        return table
    }()

    /// The letters `code` may stand for; none for anything that is not a l33t character.
    static func letters(for code: UInt32) -> [UInt8] { code < 128 ? l33tLetters[Int(code)] : [] }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let lastL33t = password.lowered.lastIndex { !Self.letters(for: $0).isEmpty } ?? -1
        // The letter chosen for each l33t character on the current path (0: none yet).
        var choices = [UInt8](repeating: 0, count: 128)
        for start in 0..<password.count {
            forward(from: start, codes: password.codes, lowered: password.lowered, into: &found)
            backward(from: start, in: password, into: &found)
            if start <= lastL33t {
                l33t(range: words.everything, at: start, start: start, choices: &choices, in: password, into: &found)
            }
        }
    }

    /// Words spelled forwards and as they are, without reversal or substitutions: for text that
    /// is already a transformation of the password (another keyboard layout's reading of it),
    /// where a second disguise on top is rare and would multiply the work. With `readings`, only
    /// words whose rank × `readings` is at most 10^units are kept: the others cost more than
    /// brute force of their units in an ASCII password, and are dropped before they are built.
    func plainMatches(codes: [UInt32], lowered: [UInt32], cheaperThanUnitsOver readings: Int? = nil, into found: inout [Match]) {
        for start in codes.indices { forward(from: start, codes: codes, lowered: lowered, readings: readings, into: &found) }
    }

    /// Whether a word of rank `rank` found over `units` units can cost less than 10 guesses a
    /// unit when an attacker tries it in `readings` readings.
    static func isCheaper(rank: Int, readings: Int, units: Int) -> Bool {
        units >= powersOfTen.count || rank.multipliedReportingOverflow(by: readings).partialValue <= powersOfTen[units]
    }

    private static let powersOfTen: [Int] = (0...18).map { (0..<$0).reduce(1) { value, _ in value * 10 } }

    private func forward(from start: Int, codes: [UInt32], lowered: [UInt32], readings: Int? = nil, into found: inout [Match]) {
        var range = words.everything
        for end in start..<codes.count {
            if lowered[end] == LetterCase.sigma && codes[end] == LetterCase.capitalSigma,
               let hit = words.hit(words.narrow(range, by: LetterCase.finalSigma)) {
                // Capitals run together (ΆΛΛΕΣΦΟΡΕΣ): a Σ inside them may still end a word, as ς.
                found.append(.dictionary(start...end, list: hit.list, rank: hit.rank, reversed: false, substitutions: [], codes: codes, lowered: lowered))
            }
            range = words.narrow(range, by: lowered[end])
            if range.isEmpty { return }
            if let hit = words.hit(range), readings.map({ Self.isCheaper(rank: hit.rank, readings: $0, units: end - start + 1) }) ?? true {
                found.append(.dictionary(start...end, list: hit.list, rank: hit.rank, reversed: false, substitutions: [], codes: codes, lowered: lowered))
            }
        }
    }

    /// Words spelled from `start` leftwards: `drowssap` holds "password" reversed.
    private func backward(from start: Int, in password: PasswordText, into found: inout [Match]) {
        var range = words.everything
        for end in stride(from: start, through: 0, by: -1) {
            range = words.narrow(range, by: password.lowered[end])
            if range.isEmpty { return }
            if let hit = words.hit(range) {
                found.append(.dictionary(end...start, list: hit.list, rank: hit.rank, reversed: true, substitutions: [], in: password))
            }
        }
    }

    /// Words where every l33t character stands for a letter, the same letter wherever it occurs
    /// in the word; at least one must occur (otherwise it is a plain match).
    private func l33t(range: RankedWords.Range, at index: Int, start: Int, choices: inout [UInt8],
                      in password: PasswordText, into found: inout [Match]) {
        guard index < password.count else { return }
        let code = password.lowered[index]
        let candidates = Self.letters(for: code)
        if candidates.isEmpty {
            let next = words.narrow(range, by: code)
            if next.isEmpty { return }
            report(next, start: start, end: index, in: password, choices: choices, into: &found)
            l33t(range: next, at: index + 1, start: start, choices: &choices, in: password, into: &found)
            return
        }
        let chosen = choices[Int(code)]
        for letter in candidates where chosen == 0 || letter == chosen {
            let next = words.narrow(range, by: UInt32(letter))
            if next.isEmpty { continue }
            choices[Int(code)] = letter
            report(next, start: start, end: index, in: password, choices: choices, into: &found)
            l33t(range: next, at: index + 1, start: start, choices: &choices, in: password, into: &found)
            choices[Int(code)] = chosen
        }
    }

    /// Records the word read so far, if the range holds one and it used a substitution.
    private func report(_ range: RankedWords.Range, start: Int, end: Int, in password: PasswordText,
                        choices: [UInt8], into found: inout [Match]) {
        guard end > start, let hit = words.hit(range) else { return }
        var substitutions: [Substitution] = []
        for code in password.lowered[start...end] where code < 128 && choices[Int(code)] != 0 {
            let l33t = Character(Unicode.Scalar(UInt8(code)))
            if !substitutions.contains(where: { $0.l33t == l33t }) {
                substitutions.append(Substitution(l33t: l33t, letter: Character(Unicode.Scalar(choices[Int(code)]))))
            }
        }
        guard !substitutions.isEmpty else { return }
        found.append(.dictionary(start...end, list: hit.list, rank: hit.rank, reversed: false, substitutions: substitutions, in: password))
    }
}
