import CXMLLibrary

/// Why an XML document could not be read: the line and a reason that never quotes the document.
public struct XMLReadError: Error, Equatable, Sendable {
    public let line: Int
    public let reason: String
}

/// Reads a whole XML document into `XMLElement`s with libxml2's streaming reader (the system
/// library made for the job, opened on first use). Made for files an attacker may have written: no network, no
/// external entities or DTDs are loaded, and a document type declaration or an entity
/// reference is refused outright (KeePass files have neither), so no entity is ever expanded;
/// nesting is bounded; libxml2 prints nothing. libxml2 takes the document's length as a 32-bit
/// int, so a document of 2 GiB or more is refused before it is given any of it.
public enum XMLDocumentReader {
    public static func root(of bytes: [UInt8], maximumDepth: Int = 256) throws(XMLReadError) -> XMLElement {
        let length = try self.length(ofDocument: bytes.count)
        if let reason = unavailability { throw XMLReadError(line: 1, reason: reason) }
        let options = Int32(XML_LIBRARY_PARSE_NONET | XML_LIBRARY_PARSE_NOERROR | XML_LIBRARY_PARSE_NOWARNING)
        let reader: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xml_library_reader_for_memory($0, length, options)
            }
        }
        guard let reader else { throw XMLReadError(line: 1, reason: "the XML reader could not be started") }
        defer { xml_library_free_reader(reader) }

        var stack: [XMLElement] = []
        var root: XMLElement?
        func line() -> Int { Int(xml_library_line_number(reader)) }
        func string(_ pointer: UnsafePointer<UInt8>?) -> String {
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
            let status = xml_library_read(reader)
            if status == 0 { break }
            guard status == 1 else { throw XMLReadError(line: line(), reason: "the document is not well-formed XML") }
            switch Int32(xml_library_node_type(reader)) {
            case Int32(XML_LIBRARY_NODE_ELEMENT):
                guard stack.count < maximumDepth else { throw XMLReadError(line: line(), reason: "elements are nested too deeply") }
                var element = XMLElement(name: string(xml_library_name(reader)))
                let empty = xml_library_is_empty_element(reader) == 1
                while xml_library_move_to_next_attribute(reader) == 1 {
                    element.attributes[string(xml_library_name(reader))] = string(xml_library_value(reader))
                }
                xml_library_move_to_element(reader)
                stack.append(element)
                if empty { try close() }
            case Int32(XML_LIBRARY_NODE_END_ELEMENT):
                try close()
            case Int32(XML_LIBRARY_NODE_TEXT), Int32(XML_LIBRARY_NODE_CDATA),
                 Int32(XML_LIBRARY_NODE_WHITESPACE), Int32(XML_LIBRARY_NODE_SIGNIFICANT_WHITESPACE):
                if !stack.isEmpty { stack[stack.count - 1].text += string(xml_library_value(reader)) }
            case Int32(XML_LIBRARY_NODE_DOCUMENT_TYPE):
                throw XMLReadError(line: line(), reason: "a document type declaration is not allowed")
            case Int32(XML_LIBRARY_NODE_ENTITY_REFERENCE), Int32(XML_LIBRARY_NODE_ENTITY):
                throw XMLReadError(line: line(), reason: "entity references are not allowed")
            default:
                continue
            }
        }
        guard let root, stack.isEmpty else { throw XMLReadError(line: line(), reason: "the document ends inside an element") }
        return root
    }

    /// Why libxml2, which the reader opens on first use, cannot be used here; `nil` when it can.
    public static var unavailability: String? {
        xml_library_open().map { String(cString: $0) }
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
