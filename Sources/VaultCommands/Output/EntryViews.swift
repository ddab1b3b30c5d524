import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// What `list --json` and `search --json` print for an entry: no secrets at all.
struct EntrySummary: Encodable {
    var name: String
    var username: String?
    var urls: [String]
    var tags: [String]
    var created: Date
    var modified: Date

    init(_ entry: Entry) {
        name = entry.name
        username = entry.username
        urls = entry.urls
        tags = entry.tags
        created = entry.created
        modified = entry.modified
    }
}

/// What `show --json` prints: the whole entry, with the password, secret field values and the
/// password history left out unless `--reveal` was given.
struct EntryView: Encodable {
    struct Field: Encodable {
        var name: String
        var value: String?
        var secret: Bool
    }

    var name: String
    var type: EntryType
    var username: String?
    var password: String?
    var hasPassword: Bool
    var otp: String?
    var hasOTP: Bool
    var urls: [String]
    var notes: String?
    var fields: [Field]
    var tags: [String]
    var created: Date
    var modified: Date
    var history: [PasswordChange]?
    var historyCount: Int
    var attachments: [AttachmentView]

    init(_ entry: Entry, reveal: Bool) {
        name = entry.name
        type = entry.type
        username = entry.username
        password = reveal ? entry.password : nil
        hasPassword = entry.password != nil
        otp = reveal ? entry.otp : nil
        hasOTP = entry.otp != nil
        urls = entry.urls
        notes = entry.notes
        fields = entry.fields.map { Field(name: $0.name, value: reveal || !$0.secret ? $0.value : nil, secret: $0.secret) }
        tags = entry.tags
        created = entry.created
        modified = entry.modified
        history = reveal ? entry.history : nil
        historyCount = entry.history.count
        attachments = entry.attachments.map(AttachmentView.init)
    }

    enum CodingKeys: String, CodingKey {
        case name, type, username, password, otp, urls, notes, fields, tags, created, modified, history, attachments
        case hasPassword = "has_password"
        case hasOTP = "has_otp"
        case historyCount = "history_count"
    }
}

/// The text `vault show` prints for a person. Every value came from a user or a file, so each
/// goes through `TerminalText` (the exact bytes are for `get` and `--json`).
enum EntryText {
    static let mask = "********"

    static func render(_ entry: Entry, reveal: Bool) -> String {
        var rows: [(String, String)] = [("Name", entry.name)]
        if entry.type != .login { rows.append(("Type", typeName(entry.type))) }
        if let username = entry.username { rows.append(("Username", username)) }
        if let password = entry.password { rows.append((entry.type.passwordLabel, reveal ? password : mask)) }
        if let otp = entry.otp { rows.append(("One-time code", reveal ? otp : otpSummary(entry))) }
        for url in entry.urls { rows.append(("URL", url)) }
        if !entry.tags.isEmpty { rows.append(("Tags", entry.tags.joined(separator: ", "))) }
        // The type's own fields first, in its order and under its labels, then the others.
        let template = entry.type.fields
        let ordered = template.compactMap { field in entry.field(named: field.name).map { (field.label, $0) } }
            + entry.fields.filter { field in !template.contains { $0.name == field.name } }.map { ($0.name, $0) }
        // Multi-line values (a private key, the notes) follow the table, indented.
        var blocks: [(String, String)] = []
        for (label, field) in ordered {
            let value = field.secret && !reveal ? mask : field.value
            if value.contains("\n") { blocks.append((label, value)) } else { rows.append((label, value)) }
        }
        if let notes = entry.notes { blocks.append(("Notes", notes)) }
        for attachment in entry.attachments {
            rows.append(("Attachment", "\(attachment.name) (\(ByteCount.text(attachment.size)), \(attachment.type))"))
        }
        rows.append(("Created", timestamp(entry.created)))
        rows.append(("Modified", timestamp(entry.modified)))
        if !entry.history.isEmpty {
            rows.append(("History", "\(entry.history.count) earlier password\(entry.history.count == 1 ? "" : "s")"))
            if reveal {
                for change in entry.history { rows.append(("", "\(change.password) (until \(timestamp(change.replaced)))")) }
            }
        }
        let shown = rows.map { (TerminalText.visible($0.0), TerminalText.visible($0.1)) }
        let width = shown.map { $0.0.count }.max() ?? 0
        var text = shown.map { label, value in
            let padded = label.isEmpty ? String(repeating: " ", count: width + 1) : label + ":" + String(repeating: " ", count: width - label.count)
            return "\(padded) \(value)\n"
        }.joined()
        for (label, value) in blocks {
            let lines = value.hasSuffix("\n") ? String(value.dropLast()) : value
            text += TerminalText.visible(label) + ":\n" + TerminalText.visibleLines(lines).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  \($0)\n" }.joined()
        }
        return text
    }

    private static func typeName(_ type: EntryType) -> String {
        switch type {
        case .login: return "login"
        case .card: return "payment card"
        case .bank: return "bank account"
        case .identity: return "identity"
        case .note: return "secure note"
        case .sshKey: return "SSH key"
        }
    }

    /// What kind of one-time password the entry has, without its secret.
    private static func otpSummary(_ entry: Entry) -> String {
        guard let otp = try? entry.oneTimePassword() else { return "an unreadable setting" }
        let characters = otp.encoding == .steam ? "Steam code" : "\(otp.digits) digits"
        switch otp.kind {
        case .totp(let period): return "TOTP, \(characters) every \(period) s (\(otp.algorithm.rawValue)); vault otp \(entry.name)"
        case .hotp(let counter): return "HOTP, \(characters), next counter \(counter) (\(otp.algorithm.rawValue)); vault otp \(entry.name)"
        }
    }

    private static func timestamp(_ date: Date) -> String {
        date.ISO8601Format()
    }
}
