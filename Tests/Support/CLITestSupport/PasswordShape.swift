import Testing

/// What a generated password looks like from the outside: its length, and which of the four
/// character classes (lower, upper, digits, ASCII punctuation) it draws from.
package enum PasswordShape {
    package static let lower = Set("abcdefghijklmnopqrstuvwxyz")
    package static let upper = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    package static let digits = Set("0123456789")
    package static let symbols = Set(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##)

    /// Expects `password` to have `length` characters, at least one of each class of
    /// `classes`, and none of any other.
    package static func expect(
        _ password: String, length: Int, classes: [Set<Character>] = [lower, upper, digits, symbols],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(password.count == length, "\(password.debugDescription)", sourceLocation: sourceLocation)
        for members in classes {
            #expect(password.contains(where: members.contains), "\(password.debugDescription) misses a class",
                    sourceLocation: sourceLocation)
        }
        #expect(password.allSatisfy { character in classes.contains { $0.contains(character) } },
                "\(password.debugDescription) has a character of no chosen class", sourceLocation: sourceLocation)
    }
}
