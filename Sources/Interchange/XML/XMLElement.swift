/// One element of an XML document as the importers need it: a name, attributes, children in
/// order, and the text directly inside it (character data and CDATA, white space included).
public struct XMLElement: Equatable, Sendable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLElement]
    public var text: String

    public init(name: String, attributes: [String: String] = [:], children: [XMLElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first child called `name`.
    public func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    /// Every child called `name`, in order.
    public func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The text of the first child called `name`.
    public func childText(_ name: String) -> String? {
        child(name)?.text
    }
}
