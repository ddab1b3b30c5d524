import VaultCore
import VaultSystem

/// The shape of `export.data` in 1Password's 1PUX archive, as far as vault reads it; every
/// member optional. Source: 1Password's published 1PUX format description ("1Password
/// Unencrypted Export (.1pux) format", support.1password.com) and the category identifiers of
/// its item categories.
struct OnePasswordExport: Decodable {
    var accounts: [Account]?

    struct Account: Decodable {
        var vaults: [Vault]?
    }

    struct Vault: Decodable {
        var attrs: VaultAttributes?
        var items: [Item]?
    }

    struct VaultAttributes: Decodable {
        var name: String?
    }

    struct Item: Decodable {
        var uuid: String?
        var favIndex: Int?
        var createdAt: Int64?
        var updatedAt: Int64?
        var state: String?
        var categoryUuid: String?
        var details: Details?
        var overview: Overview?
    }

    struct Details: Decodable {
        var loginFields: [LoginField]?
        var notesPlain: String?
        var sections: [Section]?
        var passwordHistory: [PasswordHistory]?
        var password: String?
        /// A Document item's file (`fileName`, `documentId`): `OnePasswordFiles` reads it.
        var documentAttributes: [String: JSONTree]?
    }

    struct LoginField: Decodable {
        var value: String?
        var name: String?
        var fieldType: String?
        var designation: String?
    }

    struct Section: Decodable {
        var title: String?
        var fields: [Field]?
    }

    struct Field: Decodable {
        var title: String?
        var id: String?
        var value: [String: JSONTree]?
    }

    struct PasswordHistory: Decodable {
        var value: String?
        var time: Int64?
    }

    struct Overview: Decodable {
        var title: String?
        var url: String?
        var urls: [URLEntry]?
        var tags: [String]?
    }

    struct URLEntry: Decodable {
        var url: String?
    }

    /// 1Password's item categories that have a vault type of their own. A Document (006) is a
    /// note: what it holds is its file, an attachment.
    static let categories: [String: EntryType] = [
        "001": .login, "005": .login, "002": .card, "003": .note, "004": .identity, "006": .note, "101": .bank, "114": .sshKey,
    ]

    /// Section field ids that become a type's own fields.
    static let typedFields: [EntryType: [String: String]] = [
        .card: ["cardholder": "cardholder", "ccnum": "number", "cvv": "security code", "expiry": "expiry", "pin": "pin", "type": "brand"],
        .bank: ["owner": "account holder", "iban": "iban", "swift": "bic", "accountNo": "account number", "telephonePin": "pin", "bankName": "bank"],
        .identity: ["email": "email", "address": "address", "cellphone": "phone", "homephone": "phone"],
    ]
}
