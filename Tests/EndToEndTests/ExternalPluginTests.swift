import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// External plugins: `vault NAME ARGS…` runs an executable `vault-NAME` from the plugin folder
/// or PATH in vault's place (so its exit status is vault's), with the vault path and output mode
/// in its environment and never the master password; built-in commands always win; `vault
/// plugins` lists what it found.
@Suite("External plugins")
struct ExternalPluginTests {
    typealias Location = ExternalPluginFiles.Location

    @Test("vault hello runs the example plugin: greeting, JSON, and its exit status", arguments: Location.allCases)
    func hello(location: Location) async throws {
        let fixture = try VaultFixture(process: true)
        try ExternalPluginFiles.install(ExternalPluginFiles.hello, as: "hello", at: location, in: fixture)
        let environment = location.environment(in: fixture)

        let text = try await fixture.run(["hello", "Ann"], environment: environment)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout == "hello, Ann (vault \(fixture.vaultPath))\n", "\(text)")
        #expect(text.stderr.isEmpty, "\(text)")

        let json = try await fixture.run(["hello", "Ann", "--json"], environment: environment)
        #expect(json.status == 0, "\(json)")
        let object = try JSONValue.object(json.stdoutData)
        #expect(object["greeting"] as? String == "hello, Ann")
        #expect(object["vault"] as? String == fixture.vaultPath)

        let bad = try await fixture.run(["hello", "--bad"], environment: environment)
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stdoutData.isEmpty && bad.stderr == "vault-hello: unknown option --bad\n", "\(bad)")
    }

    @Test("any exit status of the plugin is vault's", arguments: [0, 1, 3, 42, 255])
    func exitStatus(status: Int32) async throws {
        let fixture = try VaultFixture(process: true)
        try ExternalPluginFiles.script("exit \(status)", as: "exits", in: fixture)
        let result = try await fixture.run(["exits"], environment: Location.path.environment(in: fixture))
        #expect(result.termination == .exited(status), "\(result)")
    }

    @Test("the plugin gets its arguments as given, VAULT_PATH, VAULT_OUTPUT and VAULT_EXECUTABLE, and no VAULT_PASSWORD_FILE or master password")
    func environment() async throws {
        let fixture = try await VaultFixture.initialized(process: true)
        try ExternalPluginFiles.script(#"for argument in "$@"; do echo "argument=$argument"; done; env"#, as: "envdump", in: fixture)
        let environment = Location.path.environment(in: fixture)

        let text = try await fixture.run(["envdump", "two words", "--flag=x"], environment: environment)
        #expect(text.status == 0, "\(text)")
        let variables = Self.variables(text)
        #expect(text.stdoutLines.prefix(2) == ["argument=two words", "argument=--flag=x"], "\(text)")
        #expect(variables["VAULT_PATH"] == fixture.vaultPath)
        #expect(variables["VAULT_OUTPUT"] == "text")
        #expect(variables["VAULT_EXECUTABLE"] == Self.resolved(VaultBinary.path))
        #expect(variables["HOME"] == fixture.root, "the rest of vault's environment is passed on")
        #expect(variables["VAULT_PASSWORD_FILE"] == nil, "\(text)")
        #expect(!text.stdout.contains(VaultFixture.masterPassword), "\(text)")
        #expect(!text.stdout.contains(fixture.passwordFile), "\(text)")

        let json = try await fixture.run(["envdump", "--json"], environment: environment)
        #expect(Self.variables(json)["VAULT_OUTPUT"] == "json", "\(json)")

        let password = try VaultFixture.writeFile(fixture.path("other-password"), VaultFixture.masterPassword + "\n")
        let explicit = try await fixture.run(["envdump", "--password-file", password], environment: environment)
        #expect(!explicit.stdout.contains(VaultFixture.masterPassword), "\(explicit)")
    }

    @Test("VAULT_PATH is the default vault when the environment names none")
    func defaultVaultPath() async throws {
        let fixture = try VaultFixture(process: true)
        try ExternalPluginFiles.script("env", as: "envdump", in: fixture)
        var environment = Location.path.environment(in: fixture)
        environment["VAULT_PATH"] = .some(nil)
        let result = try await fixture.run(["envdump"], environment: environment)
        #expect(Self.variables(result)["VAULT_PATH"] == fixture.root + "/.local/share/vault/vault.json", "\(result)")
    }

    @Test("a built-in command always wins over an external plugin of the same name", arguments: ["get", "ls", "generate", "plugins", "help"])
    func builtinWins(command: String) async throws {
        let fixture = try await VaultFixture.initialized(process: true)
        try await fixture.add("entry", password: "the-real-password")
        let marker = fixture.path("external-ran")
        try ExternalPluginFiles.script("touch '\(marker)'; echo EXTERNAL-PLUGIN-RAN", as: command, in: fixture)
        let arguments = command == "get" ? ["get", "entry"] : [command]
        let result = try await fixture.run(arguments, environment: Location.path.environment(in: fixture))
        #expect(result.status == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker), "vault-\(command) was run: \(result)")
        #expect(!result.stdout.contains("EXTERNAL-PLUGIN-RAN"), "\(result)")
        if command == "get" { #expect(result.stdout == "the-real-password\n") }
    }

    @Test("the plugin folder comes before PATH, and a file that is not executable is no plugin")
    func precedence() async throws {
        let fixture = try VaultFixture(process: true)
        let inFolder = try ExternalPluginFiles.script("echo from the plugin folder", as: "twice", at: .pluginFolder, in: fixture)
        try ExternalPluginFiles.script("echo from PATH", as: "twice", at: .path, in: fixture)
        let environment = Location.path.environment(in: fixture)
        #expect(try await fixture.run(["twice"], environment: environment).stdout == "from the plugin folder\n")
        let listed = try JSONValue.object(try await fixture.succeed(["plugins", "--json"], environment: environment).stdoutData)
        let external = try #require(listed["external"] as? [[String: Any]])
        #expect(external.filter { $0["name"] as? String == "twice" }.map { $0["path"] as? String } == [inFolder])

        let inert = try ExternalPluginFiles.script("echo should not run", as: "inert", in: fixture)
        #expect(chmod(inert, 0o600) == 0)
        let result = try await fixture.run(["inert"], environment: environment)
        #expect(result.status == 64 && !result.stdout.contains("should not run"), "\(result)")
        let relisted = try await fixture.succeed(["plugins"], environment: environment)
        #expect(!relisted.stdout.contains("inert"), "\(relisted)")
    }

    @Test("vault plugins lists the external plugins found, but not those a built-in command hides", arguments: Location.allCases)
    func listed(location: Location) async throws {
        let fixture = try VaultFixture(process: true)
        let hello = try ExternalPluginFiles.install(ExternalPluginFiles.hello, as: "hello", at: location, in: fixture)
        try ExternalPluginFiles.script("echo hidden", as: "get", at: location, in: fixture)
        let environment = location.environment(in: fixture)

        let text = try await fixture.succeed(["plugins"], environment: environment)
        let lines = text.stdoutLines
        let heading = try #require(lines.firstIndex(of: "external:"), "\(text)")
        #expect(lines[heading...].contains("  hello — \(hello)"), "\(text)")
        #expect(!text.stdout.contains("vault-get"), "\(text)")

        let json = try JSONValue.object(try await fixture.succeed(["plugins", "--json"], environment: environment).stdoutData)
        let external = try #require(json["external"] as? [[String: Any]])
        #expect(external.contains { $0["name"] as? String == "hello" && $0["path"] as? String == hello }, "\(external)")
        #expect(!external.contains { $0["name"] as? String == "get" }, "\(external)")
    }

    /// The `NAME=value` lines a plugin printed with `env`.
    private static func variables(_ result: VaultResult) -> [String: String] {
        var variables: [String: String] = [:]
        for line in result.stdoutLines where !line.hasPrefix("argument=") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }

    /// `path` with its symbolic links resolved.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
