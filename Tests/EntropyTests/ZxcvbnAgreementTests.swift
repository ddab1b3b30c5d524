import Testing
@testable import Entropy

/// Where the model and zxcvbn should agree: common passwords, words with digits, keyboard
/// walks, repeats, sequences, random strings and passphrases, with no dates or years (zxcvbn
/// counts them from 2017) and none of the deliberate differences. The expected numbers are
/// zxcvbn's own (Python port 4.5.0, `zxcvbn(password)["guesses_log10"]` and `["score"]`).
@Suite("agreement with zxcvbn")
struct ZxcvbnAgreementTests {
    static let table: [(password: String, log10Guesses: Double, score: Int)] = [
        ("password", 0.477121, 0),
        ("123456", 0.301030, 0),
        ("qwerty", 0.698970, 0),
        ("letmein", 1.230449, 0),
        ("monkey", 1.204120, 0),
        ("iloveyou", 1.681241, 0),
        ("trustno2", 5.125149, 1),
        ("password1", 2.278754, 0),
        ("Password", 0.698970, 0),
        ("PASSWORD", 0.698970, 0),
        ("PassWord", 1.863323, 0),
        ("drowssap", 0.698970, 0),
        ("p@ssw0rd", 0.954243, 0),
        ("football2", 4.045323, 1),
        ("hello123", 2.781037, 0),
        ("abc123", 1.146128, 0),
        ("michael88", 4.176091, 1),
        ("qwertyuiop", 1.361728, 0),
        ("1qaz2wsx", 1.462398, 0),
        ("zxcvfr", 4.476485, 1),
        (";lkjhgfdsa", 3.589838, 1),
        ("ghjkl;'", 3.413803, 1),
        ("8520", 2.359835, 0),
        ("aoeuidhtns", 3.589838, 1),
        ("pyfgcrl", 3.413803, 1),
        ("aaaaaa", 1.863323, 0),
        ("abcabcabc", 1.602060, 0),
        ("hellohello", 2.227887, 0),
        ("aaaaabbbbb", 4.235528, 1),
        ("blahblahblah", 3.565730, 1),
        ("abcdefghijklmnop", 1.812913, 0),
        ("ponmlkjihgfedcba", 2.920645, 0),
        ("ACEGIK", 1.397940, 0),
        ("13579", 1.322219, 0),
        ("x", 1.079181, 0),
        ("thisisapassphrase", 12.078459, 4),
        ("staple horse correct battery", 20.330032, 4),
        ("horsebatterystaple", 10.777128, 4),
        ("monkeybusiness", 4.567026, 1),
        ("batterystaple", 7.453716, 2),
        ("horsestaple", 6.957930, 2),
        ("rWibMFACxAUGZmxhVncy", 20.000000, 4),
        ("M1ck3yM0us3", 6.392351, 2),
        ("sw0rdf1sh", 3.499275, 1),
        ("dadaismus", 7.606489, 2),
    ]

    @Test("the table is large enough to mean something")
    func tableSize() {
        #expect(Self.table.count >= 30)
        #expect(Set(Self.table.map(\.password)).count == Self.table.count)
    }

    @Test("guesses within 0.01 (log10) of zxcvbn's, and the same score", arguments: Self.table)
    func agreement(password: String, log10Guesses: Double, score: Int) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(isClose(estimate.log10Guesses, log10Guesses, within: 0.01),
                "\(password): \(estimate.log10Guesses) vs zxcvbn \(log10Guesses), \(estimate.patternTokens)")
        #expect(estimate.score == score, "\(password): score \(estimate.score) vs zxcvbn \(score)")
    }
}
