import Testing
@testable import Entropy

/// Passwords pinned to their scores, among them the ones zxcvbn rates too high because it does
/// not know the pattern (l33t with two characters for one letter, recent years, QWERTZ and
/// AZERTY walks), each with the explanation that brings it down.
@Suite("known scores")
struct KnownScoresTests {
    @Test("scores of well-known passwords", arguments: [
        ("password1", 0),
        ("correct horse battery staple", 0),  // xkcd 936 made both famous: zxcvbn 4
        ("Tr0ub4dor&3", 0),
        ("staple horse correct battery", 4),
        ("Kx9#mQ2!vP7", 4),
        ("Summer2024!", 2),
        ("password", 0),
        ("qwerty123", 0),
        ("iloveyou", 0),
        ("monkeybusiness", 1),
        ("batterystaple", 2),
        ("ilovemydog", 3),
        ("rWibMFACxAUGZmxhVncy", 4),
    ])
    func scores(password: String, score: Int) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score == score, "\(password): \(estimate.log10Guesses), \(estimate.patternTokens)")
    }

    @Test("patterns zxcvbn misses, explained (zxcvbn's score in the comment)", arguments: [
        ("0r9@n1s47i0n", 1, ["dictionary:0r9@n1s47i0n"]),  // zxcvbn 4: two l33t characters for a
        ("Un1v3r$!ty0!", 1, ["dictionary:Un1v3r$!ty", "bruteforce:0!"]),  // zxcvbn 4: 1 and ! both for i
        ("1NQU!RIN92024", 2, ["dictionary:1NQU!RIN9", "year:2024"]),  // zxcvbn 4: 2024 and 1/! for i
        ("ysxdcfvgbhnjmk", 3, ["bruteforce:y", "columns:sxdcfvgbhnjm", "bruteforce:k"]),  // zxcvbn 4, as y + a 13-turn walk
        ("azertyuio", 1, ["spatial:azertyuio"]),  // zxcvbn 1 (azertyuiop reversed is a French password)
        ("yxcvbnm,.-", 1, ["spatial:yxcvbnm,.-"]),  // zxcvbn 2: the QWERTZ bottom row
        ("&é\"'(-è_çà", 0, ["dictionary:&é\"'(-è_çà"]),  // zxcvbn 3: 1234567890 typed with AZERTY active
    ])
    func zxcvbnMisses(password: String, score: Int, parts: [String]) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score == score, "\(password): \(estimate.log10Guesses)")
        #expect(estimate.patternTokens == parts)
    }

    @Test("the words behind the l33t spellings")
    func l33tWords() {
        let cases = [("0r9@n1s47i0n", "organisation"), ("Un1v3r$!ty0!", "university"), ("1NQU!RIN92024", "inquiring")]
        for (password, word) in cases {
            let details = Pinned.estimator.estimate(password).segments.first?.details
            #expect(details?.first { $0.key == "word" }?.value == .text(word), "\(password)")
        }
    }

    @Test("the QWERTZ walk and the AZERTY digit row are explained on their own keyboards, and cost less than zxcvbn says")
    func europeanWalks() {
        let qwertz = Pinned.estimator.estimate("yxcvbnm,.-")
        #expect(qwertz.segments.first?.details.first { $0.key == "keyboard" }?.value == .text("qwertz"))
        #expect(qwertz.log10Guesses < 7.318773, "zxcvbn: 7.318773")
        let azerty = Pinned.estimator.estimate("&é\"'(-è_çà")
        #expect(azerty.segments.first?.details.first { $0.key == "typed_on" }?.value == .text("azerty"))
        #expect(azerty.log10Guesses < 10, "zxcvbn: 10 (brute force)")
    }
}
