import Testing
@testable import Breach

/// `AccountBreach.list`: the body of a 200 from the breached-account API, read for the members
/// vault uses (others ignored), and anything else refused with a reason, never taken as "no
/// breach".
@Suite("the breached-account answer")
struct AccountBreachTests {
    static let adobe = #"""
        {"Name":"Adobe","Title":"Adobe","Domain":"adobe.com","BreachDate":"2013-10-04","AddedDate":"2013-12-04T00:00:00Z",
         "ModifiedDate":"2022-05-15T23:52:49Z","PwnCount":152445165,"Description":"<p>Made up for a test.</p>",
         "LogoPath":"https://logos.example/Adobe.png","DataClasses":["Email addresses","Password hints","Passwords","Usernames"],
         "IsVerified":true,"IsFabricated":false,"IsSensitive":false,"IsRetired":false,"IsSpamList":false,"IsMalware":false,
         "IsSubscriptionFree":false,"IsStealerLog":false,"SomeMemberAddedLater":{"x":[1,2]}}
        """#

    static func list(_ body: String) throws(BreachError) -> [AccountBreach] {
        try AccountBreach.list(from: Array(body.utf8), account: "a@b.example")
    }

    @Test("the full shape, with members vault does not know")
    func full() throws {
        let breaches = try Self.list("[" + Self.adobe + #",{"Name":"Tiny","Title":"Tiny","Domain":"","BreachDate":"2020-02-29","DataClasses":[]}]"#)
        #expect(breaches == [
            AccountBreach(name: "Adobe", title: "Adobe", domain: "adobe.com", date: "2013-10-04",
                          dataClasses: ["Email addresses", "Password hints", "Passwords", "Usernames"]),
            AccountBreach(name: "Tiny", title: "Tiny", domain: "", date: "2020-02-29", dataClasses: []),
        ])
        #expect(try Self.list("[]").isEmpty)
    }

    @Test("refused, with the reason", arguments: [
        (#"[{"Name":"Adobe","Title":"Adobe","Domain":"adobe.com","BreachDate":"2013-10-04","DataClasses":["Email"#, "malformed JSON"),
        ("<!DOCTYPE html><html></html>", "malformed JSON"),
        ("", "malformed JSON"),
        (#"{"statusCode":404}"#, "not a JSON list"),
        (#"[{"Name":"Adobe"}]"#, "breach 1: 'Title' is missing"),
        (#"[{"Name":"A","Title":"A","Domain":"a","BreachDate":"2013-10-04","DataClasses":"Email addresses"}]"#, "breach 1: expected a list"),
        (#"[{"Name":"A","Title":"A","Domain":"a","BreachDate":"2013-10-04T00:00:00Z","DataClasses":[]}]"#,
         "breach 1: 'BreachDate' is not a date such as 2013-10-04"),
        (#"[{"Name":"A","Title":"A","Domain":"a","BreachDate":"2013-10-04","DataClasses":[]},{"Name":7}]"#, "breach 2: expected a string"),
    ])
    func refused(body: String, reason: String) {
        #expect(throws: BreachError.malformedAccountAnswer(account: "a@b.example", reason: reason)) { try Self.list(body) }
    }
}
