import Testing
@testable import Entropy

/// Advice: a warning about the biggest weakness of a weak password (top-10 password, keyboard
/// rows, repeats, sequences, years, dates) with suggestions, and none for scores of 3 or 4.
@Suite("feedback")
struct FeedbackTests {
    @Test("the warning names the weakness", arguments: [
        ("password", "This is a top-10 common password."),
        ("letmein", "This is a top-100 common password."),
        ("password1", "This is a very common password."),
        ("p4ssw0rd", "This is similar to a commonly used password."),
        ("battery", "A word on its own is easy to guess."),
        ("jessica", "Names and surnames on their own are easy to guess."),
        (";lkjhgfdsa", "Straight rows of keys are easy to guess."),
        ("zxcvfr", "Short keyboard patterns are easy to guess."),
        ("aaaaaa", "Repeated characters like \"aaa\" are easy to guess."),
        ("abcabcabc", "Repeated blocks like \"abcabc\" are barely harder to guess than one."),
        ("abcdefghijklmnop", "Sequences like \"abc\" or \"6543\" are easy to guess."),
        ("2024", "Recent years are easy to guess."),
        ("13.03.1987", "Dates are often easy to guess."),
    ])
    func warning(password: String, warning: String) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score <= 2)
        #expect(estimate.feedback.warning == warning, "\(password): \(estimate.patternTokens)")
        #expect(estimate.feedback.suggestions.first == "Add another word or two; uncommon words are better.")
    }

    @Test("suggestions about capitals, reversal and l33t", arguments: [
        ("Password", "Capitalisation does not help very much."),
        ("PASSWORD", "All capitals are almost as easy to guess as all lower case."),
        ("Пароль", "Capitalisation does not help very much."),
        ("ПАРОЛЬ", "All capitals are almost as easy to guess as all lower case."),
        ("drowssap", "Reversed words are not much harder to guess."),
        ("p@ssw0rd", "Predictable substitutions like \"@\" for \"a\" do not help very much."),
        ("aaaaaa", "Avoid repeated words and characters."),
        ("abcdef", "Avoid sequences."),
    ])
    func suggestion(password: String, suggestion: String) {
        #expect(Pinned.estimator.estimate(password).feedback.suggestions.contains(suggestion))
    }

    @Test("no warning and no suggestions at score 3 or 4", arguments: [
        "staple horse correct battery", "Kx9#mQ2!vP7", "ilovemydog", "rWibMFACxAUGZmxhVncy",
    ])
    func strong(password: String) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score >= 3)
        #expect(estimate.feedback.warning == nil)
        #expect(estimate.feedback.suggestions.isEmpty)
    }

    @Test("no password, no warning: only the general advice")
    func empty() {
        let feedback = Pinned.estimator.estimate("").feedback
        #expect(feedback.warning == nil)
        #expect(feedback.suggestions
                == ["Use a few words, avoiding common phrases.", "Symbols, digits and capitals are not needed."])
    }
}
