import Foundation
import Testing

/// A run's environment without any password source: a key it needs must come from a keyring.
package let withoutPassword: [String: String?] = ["VAULT_PASSWORD_FILE": nil]

extension VaultFixture {
    /// The changes to a keyring fixture's environment that leave no way to a session bus, as
    /// over SSH, in a container or in CI: no `DBUS_SESSION_BUS_ADDRESS`, and a runtime folder
    /// without a `bus` socket.
    package func withoutBus() throws -> [String: String?] {
        let runtime = path("empty-runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": runtime]
    }

    /// What `vault get NAME` prints with no password source, so the key must come from a keyring.
    package func passwordFromKeyring(
        of name: String, environment changes: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let result = try await succeed(["get", name], environment: changes.merging(withoutPassword) { _, new in new },
                                       sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return String(result.stdout.dropLast())
    }

    /// `vault get NAME` without a password source fails as a locked vault must: 3, pointing at `vault unlock`.
    package func expectLocked(_ name: String, environment changes: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        expectFailure(try await run(["get", name], environment: changes.merging(withoutPassword) { _, new in new }),
                      status: 3, mentioning: "locked", "vault unlock", sourceLocation: sourceLocation)
    }

    /// `vault status --json`, which never asks for a password.
    package func statusReport(environment changes: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let result = try await succeed(["status", "--json"], environment: changes.merging(withoutPassword) { _, new in new },
                                       sourceLocation: sourceLocation)
        return try JSONValue.object(result.stdoutData, sourceLocation: sourceLocation)
    }

    /// The report of one keyring ("kernel keyring", "Secret Service") in `vault status --json`.
    package func keyringReport(_ name: String, environment changes: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let keyrings = try #require(try await statusReport(environment: changes, sourceLocation: sourceLocation)["keyrings"] as? [[String: Any]],
                                    sourceLocation: sourceLocation)
        return try #require(keyrings.first { $0["name"] as? String == name }, "no \(name) in \(keyrings)", sourceLocation: sourceLocation)
    }
}
