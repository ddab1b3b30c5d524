/// Finds words of the ranked lists in a password: as they are, reversed, and with l33t
/// substitutions (`p@ssw0rd`), each from every starting unit, stopping as soon as no word of the
/// lists continues.
struct DictionaryMatcher {
    let words: RankedWords

    /// The letters each l33t character may stand for.
    static let l33tLetters: [UInt32: [UInt8]] = [
        "4": "a", "@": "a", "8": "b", "(": "c", "{": "c", "[": "c", "<": "c", "3": "e", "6": "g",
        "9": "g", "1": "il", "!": "i", "|": "il", "7": "lt", "0": "o", "$": "s", "5": "s", "+": "t",
        "%": "x", "2": "z",
    ].reduce(into: [:]) { table, pair in
        table[pair.key.unicodeScalars.first!.value] = Array(pair.value.utf8)
    }

    func matches(in password: PasswordText) -> [Match] {
        var found: [Match] = []
        let lastL33t = password.lowered.lastIndex { Self.l33tLetters[$0] != nil } ?? -1
        for start in 0..<password.count {
            forward(from: start, in: password, into: &found)
            backward(from: start, in: password, into: &found)
            if start <= lastL33t {
                var choices: [UInt32: UInt8] = [:]
                l33t(range: words.everything, at: start, start: start, choices: &choices, in: password, into: &found)
            }
        }
        return found
    }

    private func forward(from start: Int, in password: PasswordText, into found: inout [Match]) {
        var range = words.everything
        for end in start..<password.count {
            range = words.narrow(range, by: password.lowered[end])
            if range.isEmpty { return }
            if let hit = words.hit(range) {
                found.append(.dictionary(start...end, list: hit.list, rank: hit.rank, reversed: false, substitutions: [], in: password))
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
    private func l33t(range: RankedWords.Range, at index: Int, start: Int, choices: inout [UInt32: UInt8],
                      in password: PasswordText, into found: inout [Match]) {
        guard index < password.count else { return }
        let code = password.lowered[index]
        let letters: [UInt8]
        if let chosen = choices[code] {
            letters = [chosen]
        } else if let candidates = Self.l33tLetters[code] {
            letters = candidates
        } else {
            letters = []
        }
        if letters.isEmpty {
            let next = words.narrow(range, by: code)
            if next.isEmpty { return }
            report(next, start: start, end: index, choices: choices, in: password, into: &found)
            l33t(range: next, at: index + 1, start: start, choices: &choices, in: password, into: &found)
            return
        }
        for letter in letters {
            let next = words.narrow(range, by: UInt32(letter))
            if next.isEmpty { continue }
            let isNewChoice = choices[code] == nil
            choices[code] = letter
            report(next, start: start, end: index, choices: choices, in: password, into: &found)
            l33t(range: next, at: index + 1, start: start, choices: &choices, in: password, into: &found)
            if isNewChoice { choices[code] = nil }
        }
    }

    private func report(_ range: RankedWords.Range, start: Int, end: Int, choices: [UInt32: UInt8],
                        in password: PasswordText, into found: inout [Match]) {
        guard end > start, !choices.isEmpty, let hit = words.hit(range) else { return }
        var substitutions: [(l33t: Character, letter: Character)] = []
        for code in password.lowered[start...end] where choices[code] != nil {
            let l33t = Character(Unicode.Scalar(code)!)
            if !substitutions.contains(where: { $0.l33t == l33t }) {
                substitutions.append((l33t, Character(Unicode.Scalar(choices[code]!))))
            }
        }
        found.append(.dictionary(start...end, list: hit.list, rank: hit.rank, reversed: false, substitutions: substitutions, in: password))
    }
}
