import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Estimates how many guesses an attacker who knows how people choose passwords needs for a
/// password: every matcher proposes parts, the minimum-guess search picks the cheapest
/// explanation of the whole, and the result carries that explanation.
public final class StrengthEstimator: Sendable {
    private let dictionary: DictionaryMatcher
    private let layouts: LayoutMatcher
    private let phrases = PhraseMatcher.bundled
    private let spatial: SpatialMatcher
    private let sequences = SequenceMatcher()
    private let dates: DateMatcher
    private let constants = FamousConstantMatcher()
    private let counting = CountingMatcher()
    private let numberWords = NumberWordMatcher.bundled
    private let hangulKeys = HangulKeysMatcher.bundled
    private let columns = ColumnWalkMatcher(layouts: KeyboardLayouts.all)
    private let rows = RowWalkMatcher(layouts: KeyboardLayouts.typewriters)
    /// Walks, columns and rows on the keyboards of other scripts, for passwords beyond ASCII.
    private let scriptSpatial = SpatialMatcher(layouts: KeyboardLayouts.otherScripts)
    private let scriptColumns = ColumnWalkMatcher(layouts: KeyboardLayouts.otherScripts)
    private let scriptRows = RowWalkMatcher(layouts: KeyboardLayouts.otherScripts)

    /// `referenceYear` is the year recent years are counted from: today's (`year(of:)` the
    /// command's clock), or one a test pins.
    public init(referenceYear: Int) {
        dictionary = DictionaryMatcher(words: .bundled)
        layouts = LayoutMatcher(dictionary: dictionary)
        spatial = SpatialMatcher(layouts: KeyboardLayouts.all)
        dates = DateMatcher(referenceYear: referenceYear)
    }

    /// The calendar year (UTC) of `date`.
    public static func year(of date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return Int(parts.tm_year) + 1900
    }

    /// The estimate for `password`; `userWords` are words an attacker who targets this account
    /// tries first (the entry's name, username, site: see `EntryWords`).
    public func estimate(_ password: String, userWords: [String] = []) -> StrengthEstimate {
        let text = PasswordText(password)
        let context = Context(estimator: self, userWords: userWords.isEmpty ? nil : UserWordMatcher(userWords))
        return context.estimate(text, ceiling: text.count <= StrengthEstimate.shortLength ? StrengthEstimate.log10ShortCeiling : .infinity)
    }

    /// The matchers for one estimate, including its own user words.
    struct Context {
        let estimator: StrengthEstimator
        let userWords: UserWordMatcher?

        /// All the parts every matcher finds.
        func matches(in text: PasswordText) -> [Match] {
            guard text.count > 0 else { return [] }
            let repeats = RepeatMatcher { estimate($0).log10Guesses }
            var all: [Match] = []
            all.reserveCapacity(16 * text.count + 32)
            estimator.dictionary.appendMatches(in: text, to: &all)
            userWords?.appendMatches(in: text, to: &all)
            estimator.layouts.appendMatches(in: text, to: &all)
            estimator.phrases.appendMatches(in: text, to: &all)
            estimator.spatial.appendMatches(in: text, to: &all)
            repeats.appendMatches(in: text, to: &all)
            estimator.sequences.appendMatches(in: text, to: &all)
            estimator.dates.appendMatches(in: text, to: &all)
            estimator.constants.appendMatches(in: text, to: &all)
            estimator.counting.appendMatches(in: text, to: &all)
            estimator.numberWords.appendMatches(in: text, to: &all)
            estimator.hangulKeys.appendMatches(in: text, to: &all)
            estimator.columns.appendMatches(in: text, to: &all)
            estimator.rows.appendMatches(in: text, to: &all)
            if !text.isASCII {
                estimator.scriptSpatial.appendMatches(in: text, to: &all)
                estimator.scriptColumns.appendMatches(in: text, to: &all)
                estimator.scriptRows.appendMatches(in: text, to: &all)
            }
            return all
        }

        /// The estimate of `text`: the search with large alphabets charged per unit, then mixed
        /// random text charged (`RandomText`). A repeated block is estimated the same way.
        /// `ceiling` caps the guesses of a whole short password (never of a repeated block).
        func estimate(_ text: PasswordText, ceiling: Double = .infinity) -> StrengthEstimate {
            let bruteforce = RandomText.perUnit(text)
            return StrengthEstimate(text: text, result: search(text, bruteforce: bruteforce), bruteforce: bruteforce, ceiling: ceiling)
        }

        func search(_ text: PasswordText, bruteforce: RandomText?) -> MinimumGuessSearch.Result {
            MinimumGuessSearch.search(length: text.count, matches: matches(in: text), bruteforce: bruteforce)
        }
    }
}
