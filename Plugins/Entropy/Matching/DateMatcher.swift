/// Finds dates, with or without separators (`1987`, `13031987`, `3.13.87`, `1987-03-13`), and
/// years from 1900 to 2049 on their own. A date is three numbers that read as day, month and
/// year in some order, with a two- or four-digit year first or last.
struct DateMatcher: PasswordMatcher {
    /// The year guesses are counted from: attackers try years near the present first.
    let referenceYear: Int

    static let minimumYear = 1000
    static let maximumYear = 2050
    /// However close a year is to the present, an attacker still tries this many.
    static let minimumYearSpace = 20

    /// Where a run of digits without separators may be split into three numbers, by its length.
    private static let splits: [Int: [(Int, Int)]] = [
        4: [(1, 2), (2, 3)],
        5: [(1, 3), (2, 3)],
        6: [(1, 2), (2, 4), (4, 5)],
        7: [(1, 3), (2, 3), (4, 5), (4, 6)],
        8: [(2, 4), (4, 6)],
    ]
    private static let separators: Set<UInt32> = [0x20, 0x09, 0x2F, 0x5C, 0x5F, 0x2E, 0x2D]  // space tab / \ _ . -

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        years(in: password.codes, into: &found)
        found.append(contentsOf: dates(in: password.codes))
    }

    func log10Guesses(year: Int, separated: Bool) -> Double {
        Log10.of(Double(yearSpace(year) * 365 * (separated ? 4 : 1)))
    }

    private func yearSpace(_ year: Int) -> Int { max(abs(year - referenceYear), Self.minimumYearSpace) }

    /// Four digits from 1900 to 2049, left to right without overlapping.
    private func years(in codes: [UInt32], into found: inout [Match]) {
        var start = 0
        while start + 4 <= codes.count {
            if let year = number(codes[start..<start + 4]), (1900...2049).contains(year) {
                found.append(Match(start: start, end: start + 3, log10Guesses: Log10.of(Double(yearSpace(year))), pattern: .year(year)))
                start += 4
            } else {
                start += 1
            }
        }
    }

    private func dates(in codes: [UInt32]) -> [Match] {
        var found: [Match] = []
        for start in codes.indices where Self.isDigit(codes[start]) {
            for length in 4...8 where start + length <= codes.count {
                let token = codes[start..<start + length]
                guard let candidate = plainDate(token) else { continue }
                found.append(date(candidate, start: start, length: length, separator: nil))
            }
            for length in 6...10 where start + length <= codes.count {
                let token = codes[start..<start + length]
                guard let (candidate, separator) = separatedDate(token) else { continue }
                found.append(date(candidate, start: start, length: length, separator: separator))
            }
        }
        return Self.outermost(found)
    }

    /// The dates not inside a longer one (those add nothing but noise). `dates` come ordered by
    /// start; a date is inside another when one starting at or before it ends at or after it.
    private static func outermost(_ dates: [Match]) -> [Match] {
        var kept: [Match] = []
        var furthestEndBefore = -1
        var index = 0
        while index < dates.count {
            let start = dates[index].start
            let group = dates[index...].prefix { $0.start == start }
            let groupEnd = group.map(\.end).max()!
            for match in group where furthestEndBefore < match.end && !(match.end < groupEnd) {
                kept.append(match)
            }
            furthestEndBefore = max(furthestEndBefore, groupEnd)
            index += group.count
        }
        return kept
    }

    private func date(_ day: DayMonthYear, start: Int, length: Int, separator: UInt32?) -> Match {
        Match(start: start, end: start + length - 1, log10Guesses: log10Guesses(year: day.year, separated: separator != nil),
              pattern: .date(year: day.year, month: day.month, day: day.day,
                             separator: separator.map { String(Character(Unicode.Scalar($0)!)) } ?? ""))
    }

    /// Digits only: the reading with the year nearest the reference year.
    private func plainDate(_ token: ArraySlice<UInt32>) -> DayMonthYear? {
        guard token.allSatisfy(Self.isDigit), let splits = Self.splits[token.count] else { return nil }
        let first = token.startIndex
        var best: DayMonthYear? = nil
        for (k, l) in splits {
            guard let a = number(token[first..<first + k]), let b = number(token[first + k..<first + l]),
                  let c = number(token[(first + l)...]), let candidate = DayMonthYear(a, b, c) else { continue }
            if best == nil || abs(candidate.year - referenceYear) < abs(best!.year - referenceYear) { best = candidate }
        }
        return best
    }

    /// `d{1,4} SEP d{1,2} SEP d{1,4}` with the same separator twice.
    private func separatedDate(_ token: ArraySlice<UInt32>) -> (DayMonthYear, UInt32)? {
        guard let firstSeparator = token.firstIndex(where: { !Self.isDigit($0) }),
              Self.separators.contains(token[firstSeparator]) else { return nil }
        let separator = token[firstSeparator]
        let rest = token[(firstSeparator + 1)...]
        guard let secondSeparator = rest.firstIndex(where: { !Self.isDigit($0) }), token[secondSeparator] == separator
        else { return nil }
        let parts = [token[token.startIndex..<firstSeparator], token[(firstSeparator + 1)..<secondSeparator],
                     token[(secondSeparator + 1)...]]
        guard (1...4).contains(parts[0].count), (1...2).contains(parts[1].count), (1...4).contains(parts[2].count),
              parts[2].allSatisfy(Self.isDigit),
              let a = number(parts[0]), let b = number(parts[1]), let c = number(parts[2]),
              let candidate = DayMonthYear(a, b, c) else { return nil }
        return (candidate, separator)
    }

    private static func isDigit(_ code: UInt32) -> Bool { code >= 0x30 && code <= 0x39 }

    private func number(_ digits: ArraySlice<UInt32>) -> Int? {
        var value = 0
        for code in digits {
            guard Self.isDigit(code) else { return nil }
            value = value * 10 + Int(code - 0x30)
        }
        return digits.isEmpty ? nil : value
    }
}

/// Three numbers read as a date, if they can be.
struct DayMonthYear {
    var day: Int, month: Int, year: Int

    /// The rules: the middle number is a day or month (1–31); no number is between 100 and
    /// 999 or beyond 2050; at most one is over 31, at most one is 0, not all are over 12. A
    /// four-digit year first or last decides; otherwise a two-digit year (51–99 → 19xx,
    /// 0–50 → 20xx) last, then first.
    init?(_ a: Int, _ b: Int, _ c: Int) {
        let numbers = [a, b, c]
        guard b <= 31, b > 0 else { return nil }
        var over12 = 0, over31 = 0, under1 = 0
        for n in numbers {
            if (99 < n && n < DateMatcher.minimumYear) || n > DateMatcher.maximumYear { return nil }
            if n > 31 { over31 += 1 }
            if n > 12 { over12 += 1 }
            if n <= 0 { under1 += 1 }
        }
        if over31 >= 2 || over12 == 3 || under1 >= 2 { return nil }
        let readings = [(c, (a, b)), (a, (b, c))]
        for (year, rest) in readings where (DateMatcher.minimumYear...DateMatcher.maximumYear).contains(year) {
            guard let (day, month) = Self.dayMonth(rest) else { return nil }
            (self.day, self.month, self.year) = (day, month, year)
            return
        }
        for (year, rest) in readings {
            guard let (day, month) = Self.dayMonth(rest) else { continue }
            (self.day, self.month, self.year) = (day, month, year > 99 ? year : year > 50 ? year + 1900 : year + 2000)
            return
        }
        return nil
    }

    private static func dayMonth(_ pair: (Int, Int)) -> (Int, Int)? {
        for (d, m) in [pair, (pair.1, pair.0)] where (1...31).contains(d) && (1...12).contains(m) { return (d, m) }
        return nil
    }
}
