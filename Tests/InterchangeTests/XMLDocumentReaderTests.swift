import SeededRandom
import Testing
@testable import Interchange

/// The XML reader over libxml2: exact text, no entities, no DTDs, bounded depth, and the
/// writer's output read back to the same values.
struct XMLDocumentReaderTests {
    private func root(_ text: String) throws -> XMLElement {
        try XMLDocumentReader.root(of: Array(text.utf8))
    }

    @Test func readsElementsAttributesAndExactText() throws {
        let document = try root("<?xml version=\"1.0\"?>\n<A x=\"1\">\n\t<B> two  spaces </B>\n\t<B><![CDATA[<raw> & ]]>&amp;&#x1F600;</B>\n\t<C/>\n</A>\n")
        #expect(document.name == "A" && document.attributes == ["x": "1"])
        #expect(document.children("B").map(\.text) == [" two  spaces ", "<raw> & &😀"])
        #expect(document.child("C") == XMLElement(name: "C"))
        #expect(try root("<V>   </V>").text == "   ", "a value of spaces is a value")
    }

    @Test(arguments: [
        ("<a><b></a>", "the document is not well-formed XML"),
        ("<a/><b/>", "the document is not well-formed XML"),
        ("", "the document is empty"),
        ("<!DOCTYPE a [<!ENTITY x \"lol\">]><a>&x;</a>", "a document type declaration is not allowed"),
        ("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>", "a document type declaration is not allowed"),
        ("<a>&undefined;</a>", "the document is not well-formed XML"),
    ])
    func refusesWhatItMustNotRead(text: String, reason: String) {
        #expect(performing: { try root(text) }, throws: { ($0 as? XMLReadError)?.reason == reason })
    }

    @Test func refusesDeepNestingAndBytesThatAreNotUTF8() {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        #expect(throws: XMLReadError.self) { try root(deep) }
        #expect(throws: XMLReadError.self) { try XMLDocumentReader.root(of: Array("<a>".utf8) + [0xFF, 0xFE] + Array("</a>".utf8)) }
    }

    // libxml2 takes the length as a 32-bit int: its greatest value is the longest document,
    // one byte more is refused (checked on the count, without a buffer of 2 GiB).
    @Test func refusesDocumentsOfTwoGibibytesOrMore() throws {
        #expect(try XMLDocumentReader.length(ofDocument: Int(Int32.max)) == Int32.max)
        #expect(throws: XMLReadError(line: 1, reason: "the document is 2 GiB or larger, more than the XML reader takes")) {
            try XMLDocumentReader.length(ofDocument: Int(Int32.max) + 1)
        }
        #expect(throws: XMLReadError(line: 1, reason: "the document is 2 GiB or larger, more than the XML reader takes")) {
            try XMLDocumentReader.length(ofDocument: Int.max)
        }
    }

    @Test func writtenTextReadsBackExactly() throws {
        var random = SeededRandom(seed: 11)
        let alphabet: [Character] = ["a", "&", "<", ">", "\"", "'", "\r", "\n", "\t", " ", "é", "😀", "]]>"].flatMap { Array($0) }
        for _ in 0..<200 {
            let value = String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            var writer = XMLWriter()
            writer.open("Root", attributes: ["attr": value])
            writer.element("Value", text: value)
            writer.close()
            let back = try root(writer.document)
            #expect(back.attributes["attr"] == value && (back.childText("Value") ?? "") == value, "\(value.debugDescription)")
        }
        #expect(!XMLWriter.isRepresentable("bell\u{07}") && XMLWriter.isRepresentable("tab\tand\r\nlines"))
    }
}
