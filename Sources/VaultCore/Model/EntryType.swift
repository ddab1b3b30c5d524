/// What an entry holds, which decides the fields `vault add` asks for and how `vault show` lays
/// it out. The type's fields are ordinary custom fields with the names below, so that every
/// command, export and import that knows fields knows them.
public enum EntryType: String, CaseIterable, Codable, Sendable {
    case login
    case card
    case bank
    case identity
    case note
    case sshKey = "ssh-key"

    /// One field a type asks for: its name in the entry, what the prompt calls it, what
    /// `vault show` calls it, whether it is a secret (asked for without echo and masked), the
    /// check digits its value should pass, whether it is worked out from the other fields (an
    /// SSH key's fingerprint, from its public key) rather than asked for, and whether its value
    /// may be a PEM block of several lines (an SSH private key).
    public struct Field: Equatable, Sendable {
        public let name: String
        public let prompt: String
        public let label: String
        public let secret: Bool
        public let checksum: FieldChecksum?
        public let derived: Bool
        public let multiline: Bool

        init(
            name: String, prompt: String, label: String? = nil, secret: Bool, checksum: FieldChecksum? = nil,
            derived: Bool = false, multiline: Bool = false
        ) {
            self.name = name
            self.prompt = prompt
            self.label = label ?? prompt.prefix(1).uppercased() + prompt.dropFirst()
            self.secret = secret
            self.checksum = checksum
            self.derived = derived
            self.multiline = multiline
        }
    }

    /// The custom fields of this type, in the order they are asked for and shown. A login's
    /// parts (username, password, URLs) are members of the entry itself, and a note is its text.
    public var fields: [Field] {
        switch self {
        case .login, .note:
            return []
        case .card:
            return [
                Field(name: "cardholder", prompt: "cardholder name", secret: false),
                Field(name: "number", prompt: "card number", secret: true, checksum: .luhn),
                Field(name: "expiry", prompt: "expiry date (MM/YYYY)", label: "Expiry", secret: false),
                Field(name: "security code", prompt: "security code (CVV)", label: "Security code", secret: true),
                Field(name: "pin", prompt: "PIN", secret: true),
            ]
        case .bank:
            return [
                Field(name: "account holder", prompt: "account holder", secret: false),
                Field(name: "iban", prompt: "IBAN", secret: true, checksum: .iban),
                Field(name: "bic", prompt: "BIC", secret: false),
                Field(name: "account number", prompt: "account number", secret: true),
            ]
        case .identity:
            return [
                Field(name: "full name", prompt: "full name", secret: false),
                Field(name: "address", prompt: "postal address", secret: false),
                Field(name: "phone", prompt: "phone number", secret: false),
                Field(name: "email", prompt: "e-mail address", secret: false),
                Field(name: "passport number", prompt: "passport number", secret: true),
                Field(name: "id card number", prompt: "identity card number", secret: true),
                Field(name: "licence number", prompt: "driving licence number", secret: true),
            ]
        case .sshKey:
            return [
                Field(name: Self.privateKeyField, prompt: "private key", secret: true, multiline: true),
                Field(name: Self.publicKeyField, prompt: "public key", secret: false),
                Field(name: "fingerprint", prompt: "key fingerprint", secret: false, derived: true),
            ]
        }
    }

    /// The field of an SSH key entry that holds its private key file.
    public static let privateKeyField = "private key"
    /// The field of an SSH key entry that holds its public key line.
    public static let publicKeyField = "public key"

    /// What `show` calls the entry's password for this type (an SSH key's is its passphrase).
    public var passwordLabel: String {
        self == .sshKey ? "Passphrase" : "Password"
    }
}
