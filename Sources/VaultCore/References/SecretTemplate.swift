/// A template for `vault inject`: any text in which `{{ vault://NAME#FIELD }}` (the spaces
/// inside the braces optional) stands for a secret. Braces around anything else, such as
/// another template language's `{{ variable }}`, are text. The template is bytes, so a file
/// that is not UTF-8 passes through unchanged outside its references.
public struct SecretTemplate: Sendable {
    /// A run of the template: bytes as they are, or a reference to replace.
    private enum Piece: Sendable {
        case text(ArraySlice<UInt8>)
        case reference(SecretReference)
    }

    private let pieces: [Piece]

    /// Every reference of the template, in order, each once.
    public var references: [SecretReference] {
        var seen = Set<SecretReference>()
        return pieces.compactMap { piece in
            guard case .reference(let reference) = piece, seen.insert(reference).inserted else { return nil }
            return reference
        }
    }

    /// Parses `bytes`; a `{{` followed by `vault://` must be a whole reference closed by `}}`
    /// (errors give its line).
    public init(_ bytes: [UInt8]) throws(SecretTemplateError) {
        var pieces: [Piece] = []
        var textStart = 0
        var position = 0
        let opening = Array("{{".utf8), scheme = Array(SecretReference.scheme.utf8)
        while let open = Self.find(opening, in: bytes, from: position) {
            var cursor = Self.skipBlanks(in: bytes, from: open + opening.count)
            guard bytes[cursor...].starts(with: scheme) else {
                position = open + 1
                continue
            }
            let referenceStart = cursor
            while cursor < bytes.count, !Self.isBlank(bytes[cursor]), !bytes[cursor...].starts(with: "}}".utf8) { cursor += 1 }
            let referenceEnd = cursor
            cursor = Self.skipBlanks(in: bytes, from: cursor)
            let line = bytes[..<open].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            guard bytes[cursor...].starts(with: "}}".utf8) else { throw .unclosed(line: line) }
            guard let text = String(validating: bytes[referenceStart..<referenceEnd], as: UTF8.self) else {
                throw .badReference(line: line, .malformed(String(decoding: bytes[referenceStart..<referenceEnd], as: UTF8.self),
                                                           "it holds bytes that are not UTF-8"))
            }
            do {
                pieces.append(.text(bytes[textStart..<open]))
                pieces.append(.reference(try SecretReference(parsing: text)))
            } catch {
                throw .badReference(line: line, error)
            }
            position = cursor + 2
            textStart = position
        }
        pieces.append(.text(bytes[textStart...]))
        self.pieces = pieces
    }

    /// The template with each reference replaced by its value in `values`, which must hold
    /// every one of `references`.
    public func rendered(with values: [SecretReference: String]) -> [UInt8] {
        var output: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let bytes): output += bytes
            case .reference(let reference): output += Array(values[reference]!.utf8)
            }
        }
        return output
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func skipBlanks(in bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count, isBlank(bytes[position]) { position += 1 }
        return position
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// A template that cannot be rendered, and the line where the trouble is.
public enum SecretTemplateError: VaultFailure, Equatable {
    /// `{{ vault://…` without its closing `}}` on the same run of text.
    case unclosed(line: Int)
    /// A reference inside braces that does not parse.
    case badReference(line: Int, SecretReferenceError)

    public var message: String {
        switch self {
        case .unclosed(let line): "line \(line): a reference opened with '{{' is not closed with '}}'"
        case .badReference(let line, let error): "line \(line): \(error.message)"
        }
    }

    public var exitStatus: ExitStatus { .usage }
}
