import Testing
@testable import Entropy

/// Short passwords and small alphabets: nothing of three characters or fewer scores above 2,
/// whatever its alphabet, and emoji that are all faces are charged as faces.
@Suite("short passwords")
struct ShortPasswordTests {
    /// Characters of every alphabet `RandomText` knows, the rarest first.
    static let rare: [Character] = ["龘", "靐", "뷁", "퉯", "🦒", "🪐", "ж", "ξ", "~", "Q", "7"]

    @Test("three characters or fewer never score above 2; four may")
    func ceiling() {
        for length in 1...3 {
            for offset in 0...(Self.rare.count - length) {
                let password = String(Self.rare[offset..<(offset + length)])
                let estimate = Pinned.estimator.estimate(password)
                #expect(estimate.score <= 2 && estimate.log10Guesses <= StrengthEstimate.log10ShortCeiling, "\(password): \(estimate.log10Guesses)")
            }
        }
        #expect(Pinned.estimator.estimate("龘靐뷁퉯").score == 4)
        #expect(Pinned.estimator.estimate("龘靐齉龘靐齉").score == 4, "a short block repeated is not a short password")
    }

    @Test("emoji that are all faces cost the faces' number each; one other emoji and all cost every emoji's")
    func faces() throws {
        let faces = EmojiFaces.bundled
        #expect(faces.count == 129)
        let smileys = "😀😂🥰🤔🙃"
        #expect(smileys.unicodeScalars.allSatisfy { faces.contains($0.value) })
        #expect(faces.contains(PasswordText("☺️").codes[0]), "a face of two scalars is one unit")
        let facesOnly = Pinned.estimator.estimate(smileys).log10Guesses
        #expect(isClose(facesOnly, MinimumGuessSearch.log10Total(partGuesses: [5 * log10Of(129)])))
        let withGiraffe = Pinned.estimator.estimate(smileys + "🦒").log10Guesses
        #expect(isClose(withGiraffe, MinimumGuessSearch.log10Total(partGuesses: [6 * log10Of(3_782)])))
    }
}
