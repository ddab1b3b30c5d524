import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One login, card, bank account, identity, note or SSH key: what `vault add` creates and
/// `vault get` prints. A value type, encoded as one JSON object both inside the encrypted payload
/// and in exports.
public struct Entry: Equatable, Sendable {
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

    public init(
        name: String, type: EntryType = .login, username: String? = nil, password: String? = nil, urls: [String] = [],
        notes: String? = nil, fields: [CustomField] = [], tags: [String] = [],
        created: Date, modified: Date? = nil, history: [PasswordChange] = [], otp: String? = nil
    ) {
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
    }

    /// Sets a new password, keeping the old one (if any, and if different) in the history.
    public mutating func changePassword(to newPassword: String, at date: Date) {
        if let old = password, old != newPassword {
            history.append(PasswordChange(password: old, replaced: date))
        }
        password = newPassword
    }

    /// The entry's one-time password setting, if it has one.
    public func oneTimePassword() throws(OTPError) -> OneTimePassword? {
        try otp.map { (uri) throws(OTPError) in try OTPAuthURI.parse(uri) }
    }

    /// The custom field called `name`, if the entry has one.
    public func field(named name: String) -> CustomField? {
        fields.first { $0.name == name }
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
