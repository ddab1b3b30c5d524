import CLibXML2

/// Why an XML document could not be read: the line and a reason that never quotes the document.
public struct XMLReadError: Error, Equatable, Sendable {
    public let line: Int
    public let reason: String
}

/// Reads a whole XML document into `XMLElement`s with libxml2's streaming reader (the system
/// library made for the job). Made for files an attacker may have written: no network, no
/// external entities or DTDs are loaded, and a document type declaration or an entity
/// reference is refused outright (KeePass files have neither), so no entity is ever expanded;
/// nesting is bounded; libxml2 prints nothing. libxml2 takes the document's length as a 32-bit
/// int, so a document of 2 GiB or more is refused before it is given any of it.
public enum XMLDocumentReader {
    public static func root(of bytes: [UInt8], maximumDepth: Int = 256) throws(XMLReadError) -> XMLElement {
        let length = try self.length(ofDocument: bytes.count)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let reader: xmlTextReaderPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReaderForMemory($0, length, nil, nil, options)
            }
        }
        guard let reader else { throw XMLReadError(line: 1, reason: "the XML reader could not be started") }
        defer { xmlFreeTextReader(reader) }

        var stack: [XMLElement] = []
        var root: XMLElement?
        func line() -> Int { Int(xmlTextReaderGetParserLineNumber(reader)) }
        func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
        func close() throws(XMLReadError) {
            let element = stack.removeLast()
            if stack.isEmpty {
                guard root == nil else { throw XMLReadError(line: line(), reason: "the document has more than one root element") }
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            guard status == 1 else { throw XMLReadError(line: line(), reason: "the document is not well-formed XML") }
            switch Int32(xmlTextReaderNodeType(reader)) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                guard stack.count < maximumDepth else { throw XMLReadError(line: line(), reason: "elements are nested too deeply") }
                var element = XMLElement(name: string(xmlTextReaderConstName(reader)))
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    element.attributes[string(xmlTextReaderConstName(reader))] = string(xmlTextReaderConstValue(reader))
                }
                xmlTextReaderMoveToElement(reader)
                stack.append(element)
                if empty { try close() }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                try close()
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                 Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                if !stack.isEmpty { stack[stack.count - 1].text += string(xmlTextReaderConstValue(reader)) }
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                throw XMLReadError(line: line(), reason: "a document type declaration is not allowed")
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_ENTITY.rawValue):
                throw XMLReadError(line: line(), reason: "entity references are not allowed")
            default:
                continue
            }
        }
        guard let root, stack.isEmpty else { throw XMLReadError(line: line(), reason: "the document ends inside an element") }
        return root
    }

    /// A document's length of `count` bytes as libxml2 takes it, a 32-bit int; an empty document
    /// or one of 2 GiB or more is refused.
    static func length(ofDocument count: Int) throws(XMLReadError) -> Int32 {
        guard count > 0 else { throw XMLReadError(line: 1, reason: "the document is empty") }
        guard let length = Int32(exactly: count) else {
            throw XMLReadError(line: 1, reason: "the document is 2 GiB or larger, more than the XML reader takes")
        }
        return length
    }
}
