/// Finds numbers counted one after another by a usual step, up or down, written together or
/// with the same separator between them: `12345678910`, `2468101214`, `102030405060`,
/// `1-2-3-4-5-6`, `10 20 30 40`, `100999897`, `5040302010`. Four numbers at least, or three
/// with a separator: three numbers written together turn up in random digits (`979389`, 97 93
/// 89) too often. Single digits written together (`13579`) are left to the sequence matcher.
struct CountingMatcher: PasswordMatcher {
    /// The steps people count by.
    static let steps: Set<Int> = [1, 2, 3, 4, 5, 10, 20, 25, 50, 100]
    /// Space, tab, / \ _ . - (the date matcher's) and the comma of a list.
    static let separators: Set<UInt32> = [0x20, 0x09, 0x2F, 0x5C, 0x5F, 0x2E, 0x2D, 0x2C]
    /// The first number has at most this many digits.
    static let maximumDigits = 6

    /// A way to read counting from a place: the first number, the step and what is between.
    private struct Reading: Hashable {
        var start: Int
        var first: Int
        var step: Int
        var separator: UInt32?
    }

    /// Every place where a digit is, with every way to read its first two numbers; each reading
    /// is followed as far as it goes. A reading already followed from an earlier place would
    /// only give the tail of that count, so it is not followed again: each unit is read by a
    /// few readings at most.
    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let codes = password.codes
        var followed = Set<Reading>()
        for start in codes.indices where Self.isDigit(codes[start]) {
            for firstLength in 1...Self.maximumDigits {
                guard let first = Self.number(codes, start, firstLength) else { break }
                let afterFirst = start + firstLength
                let separator = afterFirst < codes.count && Self.separators.contains(codes[afterFirst]) ? codes[afterFirst] : nil
                let secondStart = afterFirst + (separator == nil ? 0 : 1)
                for secondLength in max(1, firstLength - 1)...(firstLength + 1) {
                    guard let second = Self.number(codes, secondStart, secondLength), Self.steps.contains(abs(second - first)),
                          followed.insert(Reading(start: start, first: first, step: second - first, separator: separator)).inserted
                    else { continue }
                    if let match = follow(first: first, step: second - first, separator: separator, start: start,
                                          second: secondStart..<(secondStart + secondLength), in: codes, marking: &followed) {
                        found.append(match)
                    }
                }
            }
        }
    }

    /// The count from `start`, if it has three numbers or more, marking the places where its
    /// later numbers begin as followed with this step.
    private func follow(first: Int, step: Int, separator: UInt32?, start: Int, second: Range<Int>, in codes: [UInt32],
                        marking followed: inout Set<Reading>) -> Match? {
        let gap = separator == nil ? 0 : 1
        // With a separator each number is a whole run of digits.
        func isWhole(_ end: Int) -> Bool { separator == nil || end == codes.count || !Self.isDigit(codes[end]) }
        guard isWhole(second.upperBound), separator == nil || start == 0 || !Self.isDigit(codes[start - 1]) else { return nil }
        var last = first + step, end = second.upperBound, terms = 2
        followed.insert(Reading(start: second.lowerBound, first: last, step: step, separator: separator))
        while last + step >= 0, let nextEnd = Self.written(last + step, in: codes, at: end + gap),
              gap == 0 || codes[end] == separator!, isWhole(nextEnd) {
            followed.insert(Reading(start: end + gap, first: last + step, step: step, separator: separator))
            last += step
            end = nextEnd
            terms += 1
        }
        guard terms >= (separator == nil ? 4 : 3), separator != nil || max(first, last) >= 10 else { return nil }
        return Match(start: start, end: end - 1,
                     log10Guesses: Self.log10Guesses(first: first, last: last, step: step, terms: terms, separated: separator != nil),
                     pattern: .counting(first: first, step: step, terms: terms,
                                        separator: separator.map { String(Character(Unicode.Scalar($0)!)) } ?? ""))
    }

    /// An attacker picks where to start (4 obvious starts, 0, 1, the step and powers of ten, or
    /// where a count down ends; otherwise any number with as many digits as the first), the step
    /// (1, or one of the others), the direction, the separator (4, as for dates) and how many
    /// numbers: start × step × 2 if down × 4 if separated × numbers.
    static func log10Guesses(first: Int, last: Int, step: Int, terms: Int, separated: Bool) -> Double {
        func isObvious(_ n: Int) -> Bool { n == 0 || n == 1 || n == abs(step) || isPowerOfTen(n) }
        let starts = isObvious(first) || (step < 0 && isObvious(last)) ? 4.0 : Log10.power(Double(String(first).count))
        let steps = abs(step) == 1 ? 1.0 : Double(Self.steps.count - 1)
        return Log10.of(starts * steps * (step < 0 ? 2 : 1) * (separated ? 4 : 1) * Double(terms))
    }

    private static func isPowerOfTen(_ n: Int) -> Bool {
        var n = n
        while n >= 10 && n % 10 == 0 { n /= 10 }
        return n == 1
    }

    private static func isDigit(_ code: UInt32) -> Bool { code >= 0x30 && code <= 0x39 }

    /// The number written by `length` digits at `start`, without a leading zero (0 itself apart).
    private static func number(_ codes: [UInt32], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= codes.count, length == 1 || codes[start] != 0x30 else { return nil }
        var value = 0
        for code in codes[start..<(start + length)] {
            guard isDigit(code) else { return nil }
            value = value * 10 + Int(code - 0x30)
        }
        return value
    }

    /// Where `value` written in decimal ends, if it is written at `start`.
    private static func written(_ value: Int, in codes: [UInt32], at start: Int) -> Int? {
        let digits = String(value).utf8
        guard start + digits.count <= codes.count else { return nil }
        for (offset, digit) in digits.enumerated() where codes[start + offset] != UInt32(digit) { return nil }
        return start + digits.count
    }
}
