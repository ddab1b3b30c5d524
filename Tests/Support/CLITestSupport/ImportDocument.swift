import Foundation

/// Hand-made `vault-export` documents for import tests, valid or broken on purpose.
package enum ImportDocument {
    package static let created = "2026-01-31T12:00:00Z"

    /// One entry as a JSON object; `extra` adds or replaces keys, `NSNull()` values are dropped.
    package static func entry(name: String, password: Any = "pw", extra: [String: Any] = [:]) -> [String: Any] {
        var entry: [String: Any] = ["name": name, "password": password, "created": created]
        for (key, value) in extra { entry[key] = value }
        return entry.filter { !($0.value is NSNull) }
    }

    package static func document(entries: [[String: Any]], format: String = "vault-export", version: Int = 1) -> [String: Any] {
        ["format": format, "version": version, "exported": created, "entries": entries]
    }

    package static func data(entries: [[String: Any]], format: String = "vault-export", version: Int = 1) throws -> Data {
        try JSONValue.data(document(entries: entries, format: format, version: version))
    }
}
