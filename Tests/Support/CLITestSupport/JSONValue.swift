import Foundation
import Testing

/// Reads JSON untyped, the way a script would, so that a test sees exactly the keys and
/// values `vault` wrote rather than what a Codable model makes of them.
package enum JSONValue {
    package static func object(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return try #require(value as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))",
                            sourceLocation: sourceLocation)
    }

    package static func array(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return try #require(value as? [[String: Any]], "not a JSON array of objects: \(String(decoding: data, as: UTF8.self))",
                            sourceLocation: sourceLocation)
    }

    package static func data(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    /// Whether two decoded JSON values are equal (numbers, strings, arrays and objects compared deeply).
    package static func equal(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case let (left as NSObject, right as NSObject): return left.isEqual(right)
        default: return false
        }
    }

    /// Expects two lists of objects to be equal object for object and key for key, naming the
    /// first difference.
    package static func expectEqualObjects(
        _ left: [[String: Any]], _ right: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(left.count == right.count, "\(left.count) vs \(right.count) objects", sourceLocation: sourceLocation)
        for (index, (a, b)) in zip(left, right).enumerated() {
            let keys = Set(a.keys).union(b.keys).sorted()
            for key in keys {
                #expect(equal(a[key], b[key]),
                        "object \(index) ('\(a["name"] ?? "?")') differs in \(key): \(a[key] ?? "absent") vs \(b[key] ?? "absent")",
                        sourceLocation: sourceLocation)
            }
        }
    }
}

extension VaultResult {
    /// Each line of standard output as a JSON object.
    package func stdoutObjects() throws -> [[String: Any]] {
        try stdoutLines.map { try JSONValue.object(Data($0.utf8)) }
    }
}
