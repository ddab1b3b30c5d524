import FoundationEssentials

/// What went wrong in a `Decodable` document, said for a person: "expected a string",
/// "'name' is missing". Never quotes the value, which may be a secret.
public enum DecodingErrorText {
    /// Where in the document the problem is, as coding keys from the root.
    public static func path(of error: DecodingError) -> [CodingKey] {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath
        case .keyNotFound(let key, let context):
            return context.codingPath + [key]
        @unknown default:
            return []
        }
    }

    public static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _): return "expected \(typeName(type))"
        case .valueNotFound(let type, _): return "expected \(typeName(type)), found null"
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "malformed JSON" }
            return context.debugDescription.contains("ISO8601") || context.debugDescription.lowercased().contains("date")
                ? "expected an ISO 8601 date such as 2026-01-31T12:00:00Z" : "invalid value"
        @unknown default: return "invalid value"
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type: return "a number"
        case is Date.Type: return "a date"
        default: return String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
