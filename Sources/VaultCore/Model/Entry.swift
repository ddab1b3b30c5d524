import Crypto
import FoundationEssentials

/// One login, card, bank account, identity, note or SSH key: what `vault add` creates and
/// `vault get` prints. A value type, encoded as one JSON object both inside the encrypted payload
/// and in exports.
public struct Entry: Equatable, Sendable {
    /// The entry's identity across renames and machines: a random UUID (lower case) made when
    /// the entry is created, kept by `mv`, `edit` and imports. An entry of a file older than
    /// version 4 gets one derived from its name and creation time (`Entry.legacyID`), so that
    /// two machines upgrading the same file agree on it.
    public var id: String
    public var name: String
    /// What the entry holds; the type's own fields are custom fields (`EntryType.fields`).
    public var type: EntryType
    public var username: String?
    public var password: String?
    public var urls: [String]
    public var notes: String?
    public var fields: [CustomField]
    public var tags: [String]
    public var created: Date
    public var modified: Date
    /// Earlier passwords, oldest first.
    public var history: [PasswordChange]
    /// The one-time password setting as its canonical otpauth URI (`OTPAuthURI`); a secret.
    public var otp: String?
    /// The files kept with the entry, each name once, in the order they were attached.
    public var attachments: [Attachment]
    /// When and where each part was last changed (`EntryPart`), as the store stamps it; a part
    /// without a stamp was last changed at `modified` (`stamp(of:)`).
    public var clocks: [String: Stamp]

    public init(
        name: String, type: EntryType = .login, username: String? = nil, password: String? = nil, urls: [String] = [],
        notes: String? = nil, fields: [CustomField] = [], tags: [String] = [],
        created: Date, modified: Date? = nil, history: [PasswordChange] = [], otp: String? = nil,
        attachments: [Attachment] = [], id: String = Entry.newID(), clocks: [String: Stamp] = [:]
    ) {
        self.id = id
        self.clocks = clocks
        self.name = name
        self.type = type
        self.username = username
        self.password = password
        self.urls = urls
        self.notes = notes
        self.fields = fields
        self.tags = tags
        self.created = created
        self.modified = modified ?? created
        self.history = history
        self.otp = otp
        self.attachments = attachments
    }

    /// A fresh random id: a version 4 UUID in lower case.
    public static func newID() -> String {
        UUID().uuidString.lowercased()
    }

    /// The id an entry of a file older than version 4 is given: a UUID (version 8, RFC 9562)
    /// made of the SHA-256 of its name and creation time, the same on every machine.
    public static func legacyID(name: String, created: Date) -> String {
        var bytes = Array(SHA256.hash(data: Array("vault legacy entry id\u{0}\(name)\u{0}\(Int64(created.timeIntervalSince1970.rounded(.down)))".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])).uuidString.lowercased()
    }

    /// When `part` was last changed: its stamp, or the entry's modification time for a part
    /// changed before stamps were kept.
    public func stamp(of part: String) -> Stamp {
        clocks[part] ?? Stamp(legacy: modified)
    }

    /// Sets a new password, keeping the old one (if any, and if its bytes differ) in the history.
    public mutating func changePassword(to newPassword: String, at date: Date) {
        if let old = password, !old.utf8.elementsEqual(newPassword.utf8) {
            history.append(PasswordChange(password: old, replaced: date))
        }
        password = newPassword
    }

    /// Removes the password, keeping it (if any) in the history.
    public mutating func removePassword(at date: Date) {
        if let old = password {
            history.append(PasswordChange(password: old, replaced: date))
        }
        password = nil
    }

    /// The entry's one-time password setting, if it has one.
    public func oneTimePassword() throws(OTPError) -> OneTimePassword? {
        try otp.map { (uri) throws(OTPError) in try OTPAuthURI.parse(uri) }
    }

    /// The custom field called `name`, if the entry has one.
    public func field(named name: String) -> CustomField? {
        fields.first { $0.name == name }
    }

    /// The attachment called `name`, if the entry has one.
    public func attachment(named name: String) -> Attachment? {
        attachments.first { $0.name == name }
    }

    /// Adds the attachment, or replaces the one of the same name where it stands.
    public mutating func setAttachment(_ attachment: Attachment) {
        if let index = attachments.firstIndex(where: { $0.name == attachment.name }) {
            attachments[index] = attachment
        } else {
            attachments.append(attachment)
        }
    }

    /// Adds the field, or replaces the value of the field of the same name.
    public mutating func setField(_ field: CustomField) {
        if let index = fields.firstIndex(where: { $0.name == field.name }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }
}

/// A user-defined field such as a PIN or a recovery code; `secret` ones are masked by
/// `vault show` and prompted for without echo.
public struct CustomField: Codable, Equatable, Sendable {
    public var name: String
    public var value: String
    public var secret: Bool

    public init(name: String, value: String, secret: Bool) {
        self.name = name
        self.value = value
        self.secret = secret
    }
}

/// A password an entry used to have, and when it was replaced.
public struct PasswordChange: Codable, Equatable, Sendable {
    public var password: String
    public var replaced: Date

    public init(password: String, replaced: Date) {
        self.password = password
        self.replaced = replaced
    }
}

extension Date {
    /// This time to the whole second: the precision of the ISO 8601 timestamps the vault
    /// stores, so that an entry compares equal after an export and import.
    public var toTheSecond: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
