/// The variables of an environment file, as `vault run --env-file` reads it (the dotenv form
/// that docker, systemd and 1Password's `op run` read too): one `NAME=VALUE` a line, optionally
/// after `export `; blank lines and lines starting with `#` are skipped. A value is taken as it
/// stands (white space around it trimmed, a ` #` starting a comment), or quoted: in single
/// quotes literally, in double quotes with `\n`, `\t`, `\"`, `\\` and `\$` escapes. A later line
/// of the same name wins.
public struct EnvironmentFile: Equatable, Sendable {
    /// The variables in the order of their first line.
    public private(set) var variables: [(name: String, value: String)] = []

    public static func == (left: EnvironmentFile, right: EnvironmentFile) -> Bool {
        left.variables.elementsEqual(right.variables) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Parses the text of the file at `path` (named in errors, which never quote a value).
    public init(parsing text: String, path: String) throws(EnvironmentFileError) {
        var positions: [String: Int] = [:]
        // "\r\n" is one Character in Swift, which a split at "\n" would not see.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            line = line.drop(while: \.isWhitespace)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let afterExport = line.dropFirst(6)
            if line.hasPrefix("export"), afterExport.first == " " || afterExport.first == "\t", afterExport.contains("=") {
                line = afterExport.drop(while: \.isWhitespace)
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw .malformed(path: path, line: lineNumber, "it is no NAME=VALUE line")
            }
            let name = String(line[..<equals].reversed().drop(while: \.isWhitespace).reversed())
            guard Self.isVariableName(name) else {
                // Not quoted: a value pasted without its name would be shown.
                throw .malformed(path: path, line: lineNumber, "the text before '=' is no variable name (letters, digits and _, not starting with a digit)")
            }
            let value = try Self.value(line[line.index(after: equals)...], path: path, line: lineNumber)
            if let position = positions[name] {
                variables[position].value = value
            } else {
                positions[name] = variables.count
                variables.append((name, value))
            }
        }
    }

    /// Whether `name` can name an environment variable in a shell.
    public static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private static func value(_ raw: Substring, path: String, line: Int) throws(EnvironmentFileError) -> String {
        let text = raw.drop(while: { $0 == " " || $0 == "\t" })
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            let uncommented = text.firstRange(of: " #").map { text[..<$0.lowerBound] } ?? text
            return String(uncommented.reversed().drop(while: \.isWhitespace).reversed())
        }
        var value = ""
        var rest = text.dropFirst()
        while let character = rest.popFirst() {
            if character == quote {
                let after = rest.drop(while: { $0 == " " || $0 == "\t" })
                guard after.isEmpty || after.hasPrefix("#") else {
                    throw .malformed(path: path, line: line, "text follows the closing quote")
                }
                return value
            }
            if quote == "\"" && character == "\\", let escaped = rest.popFirst() {
                switch escaped {
                case "n": value += "\n"
                case "t": value += "\t"
                case "r": value += "\r"
                case "\"", "\\", "$": value.append(escaped)
                default: value += "\\" + String(escaped)
                }
            } else {
                value.append(character)
            }
        }
        throw .malformed(path: path, line: line, "the quoted value is not closed on its line")
    }
}

/// An environment file that cannot be read as one.
public enum EnvironmentFileError: VaultFailure, Equatable {
    case malformed(path: String, line: Int, String)

    public var message: String {
        switch self {
        case .malformed(let path, let line, let why): "\(path):\(line): \(why)"
        }
    }

    public var exitStatus: ExitStatus { .usage }
}
