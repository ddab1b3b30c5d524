import Foundation
import Testing

/// The Secret Service as any other program of the session sees it, through `secret-tool` on
/// the bus a keyring fixture passes to `vault`: to check which items `vault` left there and to
/// plant items of its own.
package enum SecretTool {
    /// The schema `vault` files its keys under.
    package static let schema = "io.github.vault.DerivedKey"

    /// The secret of every item for `vaultID`, in every collection.
    package static func secrets(vaultID: String, fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        let result = try await run(["search", "--all", "vault-id", vaultID], fixture: fixture, sourceLocation: sourceLocation)
        return secrets(in: result)
    }

    /// The same, or nil when secret-tool fails, as it does when it races the deletion of an item
    /// ("No such secret item"): for polling, where a failed look is asked again, not recorded
    /// as an issue.
    package static func secretsIfListed(vaultID: String, fixture: VaultFixture) async throws -> [String]? {
        let tool = try #require(ExternalProgram.find("secret-tool"), "secret-tool is not installed (package libsecret-tools)")
        let result = try await ExternalProgram.probe(tool, ["search", "--all", "vault-id", vaultID], environment: fixture.environment)
        return result.status == 0 ? secrets(in: result) : nil
    }

    private static func secrets(in result: VaultResult) -> [String] {
        result.stdoutLines.filter { $0.hasPrefix("secret = ") }.map { String($0.dropFirst("secret = ".count)) }
    }

    /// Stores an item of `vault`'s schema for `vaultID` holding `secret`, as a stale or foreign
    /// cache entry would be.
    package static func store(_ secret: String, vaultID: String, fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await run(["store", "--label=planted by a test", "xdg:schema", schema, "vault-id", vaultID],
                      stdin: Data(secret.utf8), fixture: fixture, sourceLocation: sourceLocation)
    }

    /// Removes every item for `vaultID`, as another program of the session could.
    package static func clear(vaultID: String, fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await run(["clear", "vault-id", vaultID], fixture: fixture, sourceLocation: sourceLocation)
    }

    @discardableResult
    private static func run(
        _ arguments: [String], stdin: Data? = nil, fixture: VaultFixture, sourceLocation: SourceLocation
    ) async throws -> VaultResult {
        let tool = try #require(ExternalProgram.find("secret-tool"), "secret-tool is not installed (package libsecret-tools)",
                                sourceLocation: sourceLocation)
        let result = try await ExternalProgram.probe(tool, arguments, stdin: stdin, environment: fixture.environment)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }
}

extension VaultFixture {
    /// The vault's id, from its header: what the keyring item is found by.
    package func vaultID(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(try JSONValue.object(try vaultBytes())["id"] as? String, "the vault has no id", sourceLocation: sourceLocation)
    }
}
