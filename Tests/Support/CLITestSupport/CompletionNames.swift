import Testing

/// The entry names the completion tests complete, in-process (CompletionTests) and in real
/// shells (CompletionShellTests): names a shell must quote, and plain ones.
package enum CompletionNames {
    package static let all = ["bank", "web/my bank", #"work: "it's" $HOME"#, "café/漢字", "web/github", "ops/`touch pwned`"]

    /// A vault holding `all`, whose key `keyring` keeps.
    package static func fixture(keyring: VaultFixture.Keyring = .inMemory()) async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized(keyring: keyring)
        for name in all { try await fixture.add(name, password: "pw") }
        return fixture
    }
}
