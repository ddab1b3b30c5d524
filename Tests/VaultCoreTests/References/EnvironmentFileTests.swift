import Testing
@testable import VaultCore

/// The dotenv files `vault run --env-file` reads.
struct EnvironmentFileTests {
    private static func variables(_ text: String) throws -> [String] {
        try EnvironmentFile(parsing: text, path: "test.env").variables.map { "\($0.name)=\($0.value)" }
    }

    @Test func readsPlainLinesCommentsAndExport() throws {
        let text = """
            # a comment
            DB_PASSWORD=vault://db/prod

              export API_KEY = vault://api#key
            PLAIN=some value   # trailing comment
            HASH=a#b
            EMPTY=
            SPACED =  padded\t
            export=not a prefix
            exported_NAME_2=x
            """
        #expect(try Self.variables(text) == [
            "DB_PASSWORD=vault://db/prod", "API_KEY=vault://api#key", "PLAIN=some value", "HASH=a#b", "EMPTY=",
            "SPACED=padded", "export=not a prefix", "exported_NAME_2=x",
        ])
    }

    @Test func readsQuotedValues() throws {
        let text = #"""
            SINGLE='a "b" \n $c # d'
            DOUBLE="line\none\ttab \"q\" \\ \$HOME \x"
            SPACES="  kept  "  # comment after the quote
            EMPTY=""
            """#
        #expect(try Self.variables(text) == [
            #"SINGLE=a "b" \n $c # d"#, "DOUBLE=line\none\ttab \"q\" \\ $HOME \\x", "SPACES=  kept  ", "EMPTY=",
        ])
    }

    @Test func laterLinesWinInTheFirstLinesPlace() throws {
        #expect(try Self.variables("A=1\nB=2\nA=3\n") == ["A=3", "B=2"])
    }

    @Test func readsCRLFLines() throws {
        #expect(try Self.variables("A=1\r\nB='two'\r\n# note\r\nexport C=\"3\"\r\n") == ["A=1", "B=two", "C=3"])
    }

    @Test func exportMayBeFollowedByATab() throws {
        #expect(try Self.variables("export\tA=1") == ["A=1"])
    }

    @Test(arguments: [
        ("A=1\nno equals sign here\n", 2, "NAME=VALUE"),
        ("A=1\n\n1BAD=x", 3, "the text before '=' is no variable name"),
        ("BAD-NAME=x", 1, "no variable name"),
        ("=x", 1, "no variable name"),
        ("A='unclosed", 1, "not closed"),
        ("A=\"unclosed\\\"", 1, "not closed"),
        ("A=1\nB=\"x\" trailing", 2, "text follows the closing quote"),
        ("A=1\r\nB=\"x\" trailing\r\n", 2, "text follows the closing quote"),
    ])
    func reportsTheLine(text: String, line: Int, why: String) {
        #expect {
            try EnvironmentFile(parsing: text, path: "/etc/app.env")
        } throws: { error in
            guard let error = error as? EnvironmentFileError else { return false }
            return error.message.hasPrefix("/etc/app.env:\(line): ") && error.message.contains(why) && error.exitStatus == .usage
        }
    }

    /// An error names the file and line, never a value, even when the line is a secret
    /// pasted where a NAME=VALUE line should be.
    @Test(arguments: [
        "A='s3cr3t-value",
        "A=\"s3cr3t-value\" s3cr3t-value",
        "s3cr3t-value",
        "s3cr3t-value==",
    ])
    func errorsQuoteNoValue(line: String) {
        do {
            _ = try EnvironmentFile(parsing: line, path: "app.env")
            Issue.record("\(line) parsed")
        } catch {
            #expect(!error.message.contains("s3cr3t"), "\(error.message)")
        }
    }

    @Test(arguments: ["A", "_", "_a1", "Abc_DEF_9"])
    func acceptsVariableNames(name: String) {
        #expect(EnvironmentFile.isVariableName(name))
    }

    @Test(arguments: ["", "1A", "A-B", "A B", "Ä", "A.B", "A=B"])
    func refusesVariableNames(name: String) {
        #expect(!EnvironmentFile.isVariableName(name))
    }
}
