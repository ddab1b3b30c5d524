@testable import Entropy

/// The facts of each kind of match, read out of `Match.pattern` so that tests can compare them
/// with plain values.
extension Match {
    var dictionaryFacts: DictionaryWord? {
        if case .dictionary(let word) = pattern { return word }
        return nil
    }

    var spatialFacts: (layout: String, turns: Int, shifted: Int)? {
        if case .spatial(let layout, let turns, let shifted) = pattern { return (layout, turns, shifted) }
        return nil
    }

    var repeatFacts: (blockLength: Int, count: Int, baseLog10Guesses: Double)? {
        if case .repeated(let blockLength, let count, let base) = pattern { return (blockLength, count, base) }
        return nil
    }

    var sequenceFacts: (name: String, step: Int)? {
        if case .sequence(let name, let step) = pattern { return (name, step) }
        return nil
    }

    var yearFacts: Int? {
        if case .year(let year) = pattern { return year }
        return nil
    }

    var dateFacts: (year: Int, month: Int, day: Int, separator: String)? {
        if case .date(let year, let month, let day, let separator) = pattern { return (year, month, day, separator) }
        return nil
    }

    var constantFacts: (name: String, digits: Int, integerPart: Bool, separator: String)? {
        if case .constant(let name, let digits, let integerPart, let separator) = pattern { return (name, digits, integerPart, separator) }
        return nil
    }

    var countingFacts: (first: Int, step: Int, terms: Int, separator: String)? {
        if case .counting(let first, let step, let terms, let separator) = pattern { return (first, step, terms, separator) }
        return nil
    }

    var columnFacts: (layout: String, columns: Int, height: Int, shifted: Int)? {
        if case .columns(let layout, let columns, let height, let shifted) = pattern { return (layout, columns, height, shifted) }
        return nil
    }

    var rowFacts: (layout: String, rows: Int, shifted: Int)? {
        if case .rows(let layout, let rows, let shifted) = pattern { return (layout, rows, shifted) }
        return nil
    }

    var numberWordFacts: (language: String, first: Int, step: Int, terms: Int, separator: String)? {
        if case .numberWords(let language, let first, let step, let terms, let separator) = pattern { return (language, first, step, terms, separator) }
        return nil
    }

    /// Inclusive unit bounds, for comparing with expected spans.
    var span: ClosedRange<Int> { start...end }
}

extension Segment {
    /// The segment's facts by name, as --json writes them.
    var details: [(key: String, value: DetailValue)] {
        var facts: [(key: String, value: DetailValue)] = []
        forEachDetail { facts.append((key: $0.description, value: $1)) }
        return facts
    }
}

extension StrengthEstimate {
    /// The chosen explanation as `pattern:token` pairs, the form the tables below are written in.
    var patternTokens: [String] { segments.map { "\($0.pattern):\($0.token)" } }
}
