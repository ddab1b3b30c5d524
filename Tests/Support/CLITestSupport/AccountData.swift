import Foundation

/// Breached accounts for the `vault breach --account(s)` and audit tests: an `--accounts` file
/// for `fake-hibp` with breach objects in Have I Been Pwned's full shape (made-up breaches, with
/// an HTML description that must never be shown), and the API key the server expects.
package enum AccountData {
    /// The key `fake-hibp` expects, in the real API's shape (32 hex characters).
    package static let apiKey = "6f1ed002ab5595859014ebf0951522d9"
    /// A key of the same shape that the server refuses.
    package static let wrongKey = "00000000000000000000000000000000"

    /// A breach object with every member the API gives; `description` holds HTML.
    package static func breach(_ name: String, date: String, classes: [String]) -> [String: Any] {
        [
            "Name": name, "Title": name + " (test)", "Domain": name.lowercased() + ".example", "BreachDate": date,
            "AddedDate": date + "T00:00:00Z", "ModifiedDate": date + "T12:30:00Z", "PwnCount": 1_234_567,
            "Description": "<p>A made-up breach of <a href=\"https://\(name.lowercased()).example\">\(name)</a>.</p>",
            "LogoPath": "https://logos.example/\(name).png", "DataClasses": classes, "IsVerified": true,
            "IsFabricated": false, "IsSensitive": false, "IsRetired": false, "IsSpamList": false, "IsMalware": false,
            "IsSubscriptionFree": false, "IsStealerLog": false,
        ]
    }

    package static var adobe: [String: Any] { breach("Adobe", date: "2013-10-04", classes: ["Email addresses", "Password hints", "Passwords", "Usernames"]) }
    package static var linked: [String: Any] { breach("Linked", date: "2012-05-05", classes: ["Email addresses", "Passwords"]) }
    package static var dropbox: [String: Any] { breach("Dropbox", date: "2012-07-01", classes: ["Email addresses", "Passwords"]) }

    /// alice@example.org in two breaches, bob+news@example.com in one; nobody else.
    package static var accounts: [String: [[String: Any]]] {
        ["alice@example.org": [adobe, linked], "Bob+News@example.com": [dropbox]]
    }

    /// The `--accounts` file of `accounts`.
    package static func file() throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: accounts, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The text lines of alice@example.org's breaches.
    package static let aliceBreaches = [
        "  Adobe (2013-10-04): Email addresses, Password hints, Passwords, Usernames",
        "  Linked (2012-05-05): Email addresses, Passwords",
    ]
}
