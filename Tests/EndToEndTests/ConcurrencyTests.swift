import CLITestSupport
import Foundation
import Testing

/// Many `vault` processes writing at once never lose each other's updates: the store's lock
/// serialises the read-modify-write cycles.
@Suite("Concurrent writers")
struct ConcurrencyTests {
    @Test("30 adds started at once all succeed and all entries are there, each with its own password")
    func thirtyConcurrentAdds() async throws {
        let fixture = try await VaultFixture.initialized()
        let count = 30
        let password: @Sendable (Int) -> String = { "password-of-e\($0)-\(String(repeating: "x", count: $0))" }
        // Start every process before waiting for any, so that they really race for the lock.
        let running = try (0..<count).map { index in
            try fixture.start(["add", "e\(index)", "--tag", "t\(index)"], stdin: password(index) + "\n")
        }
        for process in running {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        let expectedNames = (0..<count).map { "e\($0)" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(try await fixture.names() == expectedNames)
        let passwords = try await concurrentMap(Array(0..<count), limit: 8) { index in
            try await fixture.password(of: "e\(index)")
        }
        #expect(passwords == (0..<count).map(password))
    }

    @Test("concurrent edits of different entries and adds keep every change")
    func mixedWriters() async throws {
        let fixture = try await VaultFixture.initialized()
        for index in 0..<10 { try await fixture.add("m\(index)", password: "old-\(index)") }
        var running: [RunningVault] = []
        for index in 0..<10 {
            running.append(try fixture.start(["edit", "m\(index)", "--password"], stdin: "new-\(index)\n"))
            running.append(try fixture.start(["add", "n\(index)"], stdin: "n-\(index)\n"))
        }
        for process in running {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        #expect(try await fixture.names().count == 20)
        let export = try JSONValue.object(try await fixture.succeed(["export", "--stdout", "--yes"]).stdoutData)
        let entries = try #require(export["entries"] as? [[String: Any]])
        for index in 0..<10 {
            let edited = entries.first { $0["name"] as? String == "m\(index)" }
            #expect(edited?["password"] as? String == "new-\(index)")
            #expect((edited?["history"] as? [[String: Any]])?.first?["password"] as? String == "old-\(index)")
            #expect(entries.first { $0["name"] as? String == "n\(index)" }?["password"] as? String == "n-\(index)")
        }
    }
}
