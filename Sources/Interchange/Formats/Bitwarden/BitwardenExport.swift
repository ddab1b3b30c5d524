import VaultCore

/// The shape of Bitwarden's unencrypted JSON export (`bw export --format json`, or the web
/// vault's "Export vault" as .json), as far as vault reads it. Every member is optional: the
/// importer decides what is required. Source: Bitwarden's export models in bitwarden/clients
/// (libs/common/src/models/export/*.ts), GPL-3.0; the member names are facts of the format.
struct BitwardenExport: Codable {
    /// The field Bitwarden's passkeys (`login.fido2Credentials`) are imported as, and exported
    /// from.
    static let passkeysField = "passkeys"

    var encrypted: Bool?
    var folders: [Folder]?
    var collections: [Folder]?
    var items: [Item]?

    struct Folder: Codable {
        var id: String?
        var name: String?
    }

    struct Item: Codable {
        var id: String?
        var type: Int?
        var reprompt: Int?
        var name: String?
        var notes: String?
        var favorite: Bool?
        var folderId: String?
        var collectionIds: [String]?
        var fields: [Field]?
        var login: Login?
        var card: Card?
        var identity: Identity?
        var sshKey: SSHKey?
        var secureNote: SecureNote?
        var passwordHistory: [PasswordHistory]?
        var creationDate: String?
        var revisionDate: String?
    }

    struct Field: Codable {
        var name: String?
        var value: String?
        var type: Int?
        var linkedId: Int?
    }

    struct Login: Codable {
        var username: String?
        var password: String?
        var totp: String?
        var uris: [URI]?
        var fido2Credentials: [JSONTree]?
    }

    struct URI: Codable {
        var uri: String?
        var match: Int?
    }

    struct Card: Codable {
        var cardholderName: String?
        var brand: String?
        var number: String?
        var expMonth: String?
        var expYear: String?
        var code: String?
    }

    struct Identity: Codable {
        var title: String?
        var firstName: String?
        var middleName: String?
        var lastName: String?
        var address1: String?
        var address2: String?
        var address3: String?
        var city: String?
        var state: String?
        var postalCode: String?
        var country: String?
        var company: String?
        var email: String?
        var phone: String?
        var ssn: String?
        var username: String?
        var passportNumber: String?
        var licenseNumber: String?
    }

    struct SSHKey: Codable {
        var privateKey: String?
        var publicKey: String?
        var keyFingerprint: String?
    }

    struct SecureNote: Codable {
        var type: Int?
    }

    struct PasswordHistory: Codable {
        var password: String?
        var lastUsedDate: String?
    }

    /// Bitwarden's item types.
    enum ItemType: Int {
        case login = 1, secureNote = 2, card = 3, identity = 4, sshKey = 5
    }

    /// Bitwarden's custom field types.
    enum FieldType: Int {
        case text = 0, hidden = 1, boolean = 2, linked = 3
    }

    /// What a linked field's `linkedId` points at (Bitwarden's LinkedIdType enums).
    static let linkedTargets: [Int: String] = [
        100: "username", 101: "password",
        300: "cardholder", 301: "expiry month", 302: "expiry year", 303: "security code", 304: "brand", 305: "number",
        400: "title", 401: "middle name", 402: "address 1", 403: "address 2", 404: "address 3", 405: "city",
        406: "state", 407: "postal code", 408: "country", 409: "company", 410: "email", 411: "phone",
        412: "ssn", 413: "username", 414: "passport number", 415: "licence number", 416: "first name",
        417: "last name", 418: "full name",
    ]
}
