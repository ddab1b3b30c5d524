/// Why a CSV file could not be read, and where: the line and the column (both counted from 1;
/// the column in characters, that is Unicode code points, from the start of that line, as an
/// editor's "go to column" counts them). The reason never quotes the file, which holds
/// passwords.
public struct CSVError: Error, Equatable, Sendable {
    /// What breaks RFC 4180 there.
    public enum Problem: Equatable, Sendable {
        /// A quote in a field that does not start with one: RFC 4180 allows a quote only inside
        /// a quoted field, doubled. The position is the quote's.
        case quoteInUnquotedField
        /// Something other than a comma or a line break after a quoted field's closing quote,
        /// as when a quote inside the field was not doubled. The position is that character's.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the file. The position is its opening quote.
        case unclosedQuote
        /// Bytes that are not UTF-8. The position is the first of them.
        case notUTF8
    }

    public let line: Int
    public let column: Int
    public let problem: Problem

    public init(line: Int, column: Int, _ problem: Problem) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// What is wrong, and what a writer of the file should have done, for the person.
    public var reason: String {
        switch problem {
        case .quoteInUnquotedField:
            "a quote inside a field that does not start with one (a field holding a quote must be in quotes, with the quote doubled)"
        case .textAfterClosingQuote:
            "text after the closing quote of a field (a quote inside a quoted field must be doubled)"
        case .unclosedQuote:
            "the quoted field that starts here is never closed"
        case .notUTF8:
            "the text is not UTF-8"
        }
    }
}
