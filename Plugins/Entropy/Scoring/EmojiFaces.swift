/// The face emoji: the `face-*`, `cat-face` and `monkey-face` subgroups of Unicode's Smileys &
/// Emotion group (emoji-test.txt of Emoji 15.1, fully-qualified forms; `EmojiFaceData`, sources
/// in Resources/SOURCES.md). People who put emoji in a password mostly pick faces, so a password
/// whose emoji are all faces is charged per emoji the size of this set, not of all emoji.
struct EmojiFaces: Sendable {
    /// The codes `PasswordText` gives the faces: a scalar's value, or a cluster's code.
    private let codes: Set<UInt32>

    /// How many faces there are.
    var count: Int { codes.count }

    /// The bundled set, read once.
    static let bundled = EmojiFaces(EmojiFaceData.text.description)

    /// `text`: one emoji a line, as its code points in hexadecimal separated by spaces.
    init(_ text: String) {
        var codes = Set<UInt32>()
        for line in text.split(separator: "\n") {
            let scalars = line.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            codes.formUnion(PasswordText(String(String.UnicodeScalarView(scalars))).codes)
        }
        self.codes = codes
    }

    func contains(_ code: UInt32) -> Bool { codes.contains(code) }
}
