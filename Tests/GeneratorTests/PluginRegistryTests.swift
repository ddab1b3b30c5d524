import ArgumentParser
import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import Generator

/// The plugin registry: every command name belongs to exactly one owner, core or plugin, and
/// one plugin id to one plugin, so nothing can silently shadow anything; capabilities are
/// found by protocol. Registered here with the real generator plugin and small fakes.
@Suite("Plugin registry")
struct PluginRegistryTests {
    /// Stands in for the core's `get`.
    struct CoreGet: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get")
    }

    /// Stands in for the core's `list`, which is also `ls`.
    struct CoreList: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", aliases: ["ls"])
    }

    /// A command that takes its name from its type: `fake-command`.
    struct FakeCommand: ParsableCommand {}

    /// A command named by the test, through its type.
    struct Named<Name: CommandName>: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: Name.name, aliases: Name.aliases)
        }
    }

    /// The names a `Named` command goes by.
    protocol CommandName { static var name: String { get }; static var aliases: [String] { get } }
    enum Get: CommandName { static let name = "get"; static let aliases: [String] = [] }
    enum Generate: CommandName { static let name = "generate"; static let aliases: [String] = [] }
    enum Hello: CommandName { static let name = "hello"; static let aliases = ["ls"] }

    /// A plugin of the test's making.
    struct FakePlugin: VaultPlugin {
        var id = "fake"
        var summary = "A plugin made up by a test"
        var commands: [ParsableCommand.Type] = [FakeCommand.self]
        var capabilities: [any PluginCapability] = []
    }

    /// A capability only the fake plugin offers.
    struct FakeAnalyzer: SecretAnalyzer {
        func analyze(_ secret: String, entry: Entry?, in context: CommandContext) async throws -> [Finding] { [] }
    }

    static let core: [ParsableCommand.Type] = [CoreGet.self, CoreList.self]
    /// What the core's commands are registered by: their names and aliases.
    static let coreNames = core.flatMap(PluginRegistry.names(of:))

    @Test("the generator and a fake register next to the core, in order, each command under its name")
    func registers() throws {
        let registry = try PluginRegistry([GeneratorPlugin(), FakePlugin()], coreCommandNames: Self.coreNames)
        #expect(registry.plugins.map(\.id) == ["generator", "fake"])
        #expect(registry.plugins.flatMap(\.commands).flatMap(PluginRegistry.names(of:)) == ["generate", "fake-command"])
        #expect(PluginRegistry.names(of: CoreList.self) == ["list", "ls"])
    }

    @Test("capabilities are found by protocol, in plugin order")
    func capabilities() throws {
        #expect(try PluginRegistry([], coreCommandNames: Self.coreNames).capabilities(SecretGenerator.self).isEmpty)
        let registry = try PluginRegistry([FakePlugin(capabilities: [FakeAnalyzer()]), GeneratorPlugin()], coreCommandNames: Self.coreNames)
        let generators = registry.capabilities(SecretGenerator.self)
        #expect(generators.count == 1)
        #expect(generators.first is PasswordGenerator)
        #expect(type(of: try #require(generators.first)).capabilityName == "secret-generator")
        #expect(registry.capabilities(SecretAnalyzer.self).count == 1)
        #expect(FakeAnalyzer.capabilityName == "secret-analyzer")
    }

    @Test("a command named like a core command or another plugin's, or an alias of one, is refused with both named", arguments: [
        (FakePlugin(commands: [Named<Get>.self]), PluginError.duplicateCommand("get", plugin: "fake", owner: "the core"),
         "plugin fake registers the command 'get', which the core already has"),
        (FakePlugin(commands: [Named<Generate>.self]), .duplicateCommand("generate", plugin: "fake", owner: "plugin generator"),
         "plugin fake registers the command 'generate', which plugin generator already has"),
        (FakePlugin(commands: [Named<Hello>.self]), .duplicateCommand("ls", plugin: "fake", owner: "the core"),
         "plugin fake registers the command 'ls', which the core already has"),
        (FakePlugin(commands: [FakeCommand.self, FakeCommand.self]), .duplicateCommand("fake-command", plugin: "fake", owner: "plugin fake"),
         "plugin fake registers the command 'fake-command', which plugin fake already has"),
    ])
    func duplicateCommand(plugin: FakePlugin, error: PluginError, message: String) {
        #expect(throws: error) { try PluginRegistry([GeneratorPlugin(), plugin], coreCommandNames: Self.coreNames) }
        #expect(error.message == message)
        #expect(error.exitStatus == .failure)
    }

    @Test("two plugins with the same id are refused, even without a clash of commands")
    func duplicatePlugin() throws {
        let other = FakePlugin(id: "generator", commands: [])
        #expect(throws: PluginError.duplicatePlugin("generator")) {
            try PluginRegistry([GeneratorPlugin(), other], coreCommandNames: Self.coreNames)
        }
        #expect(PluginError.duplicatePlugin("generator").message.contains("'generator'"))
    }
}
