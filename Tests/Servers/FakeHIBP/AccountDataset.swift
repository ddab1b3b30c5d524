import Foundation

/// The breached accounts the server knows (`--accounts`): per address, compared without regard
/// to case, the answer bodies of both shapes, ready to send.
struct AccountDataset: Sendable {
    /// One address's breaches as JSON arrays.
    struct Answers: Sendable {
        /// The breach objects as the file gives them (`truncateResponse=false`).
        let full: [UInt8]
        /// Only `[{"Name": …}]` per breach, as the API answers by default.
        let truncated: [UInt8]
    }

    /// By lower-cased address.
    private let answers: [String: Answers]

    static let empty = AccountDataset(answers: [:])

    /// The answers for `address`, or nil when it is in no breach.
    func answers(for address: String) -> Answers? { answers[address.lowercased()] }

    /// Reads a JSON object mapping each address to an array of breach objects in the API's
    /// shape (each with at least a string "Name"). Throws `AccountsFileError` for an unreadable
    /// file or another shape, and for an address given twice in different cases.
    static func load(path: String) throws -> AccountDataset {
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AccountsFileError(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: contents) as? [String: Any] else {
            throw AccountsFileError(path: path, reason: "is not a JSON object of addresses")
        }
        var answers: [String: Answers] = [:]
        for (address, value) in object {
            guard let breaches = value as? [[String: Any]], breaches.allSatisfy({ $0["Name"] is String }) else {
                throw AccountsFileError(path: path, reason: "the value of \(address) is not an array of breach objects with a \"Name\"")
            }
            let key = address.lowercased()
            guard answers[key] == nil else { throw AccountsFileError(path: path, reason: "\(address) is given twice") }
            let truncated = breaches.map { ["Name": $0["Name"] as Any] }
            answers[key] = Answers(full: try Self.json(breaches), truncated: try Self.json(truncated))
        }
        return AccountDataset(answers: answers)
    }

    private static func json(_ value: Any) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))
    }
}

/// Why an `--accounts` file was refused; the description is the message shown to the user.
struct AccountsFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "accounts file \(path): \(reason)" }
}
