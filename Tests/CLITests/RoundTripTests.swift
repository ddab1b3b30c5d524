import CLITestSupport
import Foundation
import Testing

/// `add`, then `get` (the password, one field, the whole entry as JSON) and `show` (masked and
/// revealed) give back exactly what was stored, for awkward names and values.
@Suite("Round trip: add, get, show")
struct RoundTripTests {
    @Test("get prints the password alone on one line")
    func getPrintsPassword() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        for entry in SampleEntries.all {
            let result = try await fixture.succeed(["get", entry.name])
            #expect(result.stdout == entry.password + "\n", "\(result)")
        }
    }

    @Test("get --field prints one field: built-in, custom, or secret")
    func getField() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        let expected: [(field: String, value: String)] = [
            ("username", café.username!),
            ("url", café.urls.joined(separator: "\n")),
            ("notes", café.note!),
            ("tags", café.tags.joined(separator: "\n")),
            ("pin-hint", "birthday"),
            ("api-key", "sk-live-SECRET-4242"),
            ("recovery", "rc-0000-SECRET"),
            ("password", café.password),
        ]
        for (field, value) in expected {
            let result = try await fixture.succeed(["get", café.name, "--field", field])
            #expect(result.stdout == value + "\n", "\(field): \(result)")
        }
        expectFailure(try await fixture.run(["get", café.name, "--field", "no-such-field"]),
                      status: 4, mentioning: "has no field 'no-such-field'")
    }

    @Test("get --json prints the whole entry")
    func getJSON() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        let json = try JSONValue.object(try await fixture.succeed(["get", café.name, "--json"]).stdoutData)
        #expect(Set(json.keys) == ["name", "username", "password", "urls", "notes", "fields", "tags", "created", "modified", "history", "id"])
        #expect(json["name"] as? String == café.name)
        #expect(json["username"] as? String == café.username)
        #expect(json["password"] as? String == café.password)
        #expect(json["urls"] as? [String] == café.urls)
        #expect(json["notes"] as? String == café.note)
        #expect(json["tags"] as? [String] == café.tags)
        #expect((json["history"] as? [Any])?.isEmpty == true)
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["pin-hint", "api-key", "recovery"])
        #expect(fields.map { $0["value"] as? String } == ["birthday", "sk-live-SECRET-4242", "rc-0000-SECRET"])
        #expect(fields.map { $0["secret"] as? Bool } == [false, true, true])
        let created = try #require(json["created"] as? String)
        #expect(json["modified"] as? String == created)
        let date = try #require(ISO8601DateFormatter().date(from: created), "created is not ISO 8601: \(created)")
        #expect(abs(date.timeIntervalSinceNow) < 600)

        let quoted = try JSONValue.object(try await fixture.succeed(["get", SampleEntries.quoted.name, "--json"]).stdoutData)
        #expect(quoted["name"] as? String == SampleEntries.quoted.name)
        #expect(quoted["password"] as? String == SampleEntries.quoted.password)
        #expect(quoted["notes"] as? String == SampleEntries.quoted.note)
        #expect(quoted["urls"] as? [String] == SampleEntries.quoted.urls)
    }

    @Test("show masks the password and secret fields; --reveal shows them")
    func show() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        let created = try #require(
            try JSONValue.object(try await fixture.succeed(["get", café.name, "--json"]).stdoutData)["created"] as? String)
        func rendering(password: String, apiKey: String, recovery: String) -> String {
            """
            Name:     café/ü
            Username: bob@example.org
            Password: \(password)
            URL:      https://café.example/login
            URL:      https://backup.example
            Tags:     food, ünïcode
            pin-hint: birthday
            api-key:  \(apiKey)
            recovery: \(recovery)
            Created:  \(created)
            Modified: \(created)
            Notes:
              first line of the note
              second line: PIN is not here
                indented third

            """
        }
        let masked = try await fixture.succeed(["show", café.name])
        #expect(masked.stdout == rendering(password: "********", apiKey: "********", recovery: "********"), "\(masked)")
        let revealed = try await fixture.succeed(["show", café.name, "--reveal"])
        #expect(revealed.stdout == rendering(password: café.password, apiKey: "sk-live-SECRET-4242", recovery: "rc-0000-SECRET"),
                "\(revealed)")
    }

    @Test("show --json leaves secrets out unless --reveal")
    func showJSON() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        let masked = try await fixture.succeed(["show", café.name, "--json"])
        for secret in café.secrets { #expect(!masked.stdout.contains(secret), "\(masked)") }
        let maskedJSON = try JSONValue.object(masked.stdoutData)
        #expect(maskedJSON["has_password"] as? Bool == true)
        #expect(maskedJSON["history_count"] as? Int == 0)
        #expect(maskedJSON["notes"] as? String == café.note)
        let revealed = try await fixture.succeed(["show", café.name, "--json", "--reveal"])
        let revealedJSON = try JSONValue.object(revealed.stdoutData)
        #expect(revealedJSON["password"] as? String == café.password)
        let values = (revealedJSON["fields"] as? [[String: Any]])?.compactMap { $0["value"] as? String }
        #expect(values == ["birthday", "sk-live-SECRET-4242", "rc-0000-SECRET"])
    }
}
