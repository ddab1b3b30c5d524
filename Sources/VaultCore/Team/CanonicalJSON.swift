/// The one way vault writes the JSON of a team's change log (docs/format.md, "Team change
/// log"): the members of every object in order of their keys, no spaces, no newline at the end,
/// strings with only what JSON requires escaped and everything else as UTF-8, so that one value
/// has one text, and one hash.
enum CanonicalJSON {
    /// An object of values already written, its members in the order given (the callers give
    /// them in order of their keys).
    static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { quoted($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// An array of values already written.
    static func list(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, nothing else.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                result += "\\" + String(scalar)
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
