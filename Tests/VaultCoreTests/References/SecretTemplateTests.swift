import Testing
@testable import VaultCore

/// `vault inject` templates: `{{ vault://… }}` replaced, every other byte kept.
struct SecretTemplateTests {
    private static let values: [SecretReference: String] = [
        SecretReference(name: "db/prod"): "pw-DB",
        SecretReference(name: "db/prod", field: "username"): "dbuser",
        SecretReference(name: "my bank", field: "pin"): "1234",
    ]

    private static func rendered(_ text: [UInt8]) throws -> [UInt8] {
        try SecretTemplate(text).rendered(with: values)
    }

    private static func rendered(_ text: String) throws -> String {
        String(decoding: try rendered(Array(text.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        ("password: {{ vault://db/prod }}\n", "password: pw-DB\n"),
        ("{{vault://db/prod}}", "pw-DB"),
        ("{{   vault://db/prod#username\t}}", "dbuser"),
        ("{{ vault://db/prod#username}}@{{vault://db/prod }}", "dbuser@pw-DB"),
        ("pin={{ vault://my%20bank#pin }};", "pin=1234;"),
        ("{{{ vault://db/prod }}}", "{pw-DB}"),
    ])
    func replacesReferences(template: String, expected: String) throws {
        #expect(try Self.rendered(template) == expected)
    }

    @Test(arguments: [
        "{{ .Values.password }} and {{ vault }} and {{ vault:/db }}",
        "{ vault://db/prod } and {{ https://x }}",
        "}} {{",
        "{{",
        "",
    ])
    func leavesOtherBracesAlone(template: String) throws {
        #expect(try SecretTemplate(Array(template.utf8)).references.isEmpty)
        #expect(try Self.rendered(template) == template)
    }

    @Test func listsEachReferenceOnceInOrder() throws {
        let template = try SecretTemplate(Array("{{ vault://my%20bank#pin }} {{vault://db/prod}} {{ vault://my%20bank#pin }}".utf8))
        #expect(template.references == [SecretReference(name: "my bank", field: "pin"), SecretReference(name: "db/prod")])
    }

    @Test func passesBytesThatAreNotUTF8() throws {
        let text: [UInt8] = [0xff, 0xfe, 0x00] + Array("{{ vault://db/prod }}".utf8) + [0xc3, 0x28, 0x0a, 0x80]
        #expect(try Self.rendered(text) == [0xff, 0xfe, 0x00] + Array("pw-DB".utf8) + [0xc3, 0x28, 0x0a, 0x80])
    }

    @Test(arguments: [
        ("line one\n{{ vault://db/prod", 2),
        ("a\nb\nc {{ vault://db/prod }\n", 3),
        ("{{ vault://db/prod extra }}", 1),
    ])
    func reportsUnclosedReferences(template: String, line: Int) {
        #expect(throws: SecretTemplateError.unclosed(line: line)) { try SecretTemplate(Array(template.utf8)) }
    }

    @Test(arguments: [
        ("ok {{ vault://db/prod }}\n\n{{ vault://bad%zz }}", 3, "vault://bad%zz"),
        ("{{ vault://db# }}", 1, "the field after '#' is empty"),
        ("x\n{{vault:///lead}}", 2, "vault:///lead"),
    ])
    func reportsBadReferencesWithTheirLine(template: String, line: Int, fragment: String) {
        #expect {
            try SecretTemplate(Array(template.utf8))
        } throws: { error in
            guard let error = error as? SecretTemplateError, case .badReference(line, _) = error else { return false }
            return error.message.hasPrefix("line \(line): ") && error.message.contains(fragment) && error.exitStatus == .usage
        }
    }

    /// Bytes that are not UTF-8 inside a reference make it a bad one; they are not read as
    /// U+FFFD, which would name another entry.
    @Test func refusesAReferenceWithBytesThatAreNotUTF8() {
        let template = Array("{{ vault://db".utf8) + [0xff] + Array(" }}".utf8)
        #expect(throws: SecretTemplateError.self) { try SecretTemplate(template) }
    }
}
