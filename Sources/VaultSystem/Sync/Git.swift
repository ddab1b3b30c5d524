import VaultCore
import FoundationEssentials

/// git run in one folder (`git -C FOLDER …`) by a `GitProgram`. Its output is kept, not shown;
/// a failure becomes a `SyncError` carrying git's own reason in one line.
public struct Git: Sendable {
    /// What runs git.
    public let program: any GitProgram
    public let folder: String

    public init(folder: String, program: any GitProgram) {
        self.program = program
        self.folder = folder
    }

    /// Runs `git arguments…` to its end, whatever its status.
    func attempt(_ arguments: [String]) throws(SyncError) -> HelperProcess.ProgramOutput {
        do {
            return try program.run(arguments, in: folder)
        } catch {
            throw .gitFailed(command: Self.describe(arguments), reason: error.message)
        }
    }

    /// Runs `git arguments…` and returns its output as text; a non-zero status is an error.
    @discardableResult
    func run(_ arguments: [String]) throws(SyncError) -> String {
        try output(arguments).text
    }

    /// What git prints for `arguments` (a blob's bytes, say), failing on a non-zero status.
    func output(_ arguments: [String]) throws(SyncError) -> HelperProcess.ProgramOutput {
        let result = try attempt(arguments)
        guard result.status == 0 else { throw Self.failure(arguments, result) }
        return result
    }

    /// Whether `git arguments…` exits 0 (a question git answers by its status).
    func succeeds(_ arguments: [String]) throws(SyncError) -> Bool {
        try attempt(arguments).status == 0
    }

    /// The failure of `arguments`, with git's reason.
    static func failure(_ arguments: [String], _ result: HelperProcess.ProgramOutput) -> SyncError {
        let conflict = String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isNewline).last { $0.hasPrefix("CONFLICT") }
        let why = reason(in: result.errors) ?? conflict.flatMap { reason(in: Array($0.utf8)) } ?? "it exited with status \(result.status)"
        return .gitFailed(command: describe(arguments), reason: why)
    }

    /// `git` and its subcommand, for messages (the rest may hold a URL with a password in it).
    static func describe(_ arguments: [String]) -> String {
        let words = arguments.drop { $0 == "-c" || $0.contains("=") }
        return "git " + (words.first ?? "")
    }

    /// The line of git's standard error that says why it failed: its last `fatal:` line, else
    /// the last ref a push was refused (`! [remote rejected] HEAD -> main (hook declined)`: the
    /// `error:` line after it says only that some refs failed), else its last `error:` line
    /// (each without its first word), else its last line; control characters are left out.
    static func reason(in errors: [UInt8]) -> String? {
        let lines = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }).trimmingCharacters(while: \.isBlank) }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
        for prefix in ["fatal: ", "! ", "error: "] {
            if let line = lines.last(where: { $0.hasPrefix(prefix) }) { return withoutPasswords(String(line.dropFirst(prefix.count))) }
        }
        return lines.last.map(withoutPasswords)
    }

    /// `text` with the password of any URL in it (`https://user:PASSWORD@host/…`) left out,
    /// and with HTTP the whole user part (often a token given as the user).
    static func withoutPasswords(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.firstRange(of: "://") {
            let web = result.hasSuffix("http") || result.hasSuffix("https") || rest[..<scheme.lowerBound].hasSuffix("http") || rest[..<scheme.lowerBound].hasSuffix("https")
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != " " && $0 != "'" && $0 != "\"" }
            guard let at = authority.lastIndex(of: "@") else { continue }
            if web {
                result += "…"
                rest = rest[at...]
            } else if let colon = authority[..<at].firstIndex(of: ":") {
                result += rest[..<colon] + ":…"
                rest = rest[at...]
            }
        }
        return result + rest
    }
}
