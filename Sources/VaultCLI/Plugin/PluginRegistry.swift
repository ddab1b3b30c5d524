import VaultCore
import VaultSystem
import ArgumentParser

/// The plugins a run of vault has: built by `VaultProgram` from the lists of built-in plugins in
/// Sources/VaultCommands/Program/BuiltinPlugins.swift (checked once, so no command name is claimed
/// twice), carried in the command context, and asked by commands for capabilities.
public struct PluginRegistry: Sendable {
    /// The registered plugins, in the order given.
    public let plugins: [any VaultPlugin]
    /// Every command name and alias of this program: the core's, the plugins', those of the
    /// program it hands commands to (`elsewhere`), and "help". They always win over external
    /// plugins.
    public let commandNames: Set<String>

    /// Registers `plugins`, refusing any command name that a core command (`coreCommandNames`,
    /// their names and aliases), another plugin or the program this one hands commands to
    /// (`elsewhere`, by name) already uses, so that no command can silently shadow another.
    public init(
        _ plugins: [any VaultPlugin], coreCommandNames: [String], elsewhere: [String] = []
    ) throws(PluginError) {
        var owners: [String: String] = ["help": "the core"]
        for name in coreCommandNames { owners[name] = "the core" }
        for name in elsewhere { owners[name] = "vault-network" }
        var ids = Set<String>()
        for plugin in plugins {
            guard ids.insert(plugin.id).inserted else { throw .duplicatePlugin(plugin.id) }
            for command in plugin.commands {
                for name in Self.names(of: command) {
                    if let owner = owners[name] { throw .duplicateCommand(name, plugin: plugin.id, owner: owner) }
                    owners[name] = "plugin \(plugin.id)"
                }
            }
        }
        self.plugins = plugins
        self.commandNames = Set(owners.keys)
    }

    /// Every registered capability of type `T`, in plugin order.
    public func capabilities<T>(_ type: T.Type) -> [T] {
        plugins.flatMap { $0.capabilities.compactMap { $0 as? T } }
    }

    /// The name a command is invoked by, and its aliases.
    public static func names(of command: ParsableCommand.Type) -> [String] {
        let configuration = command.configuration
        return [configuration.commandName ?? command._commandName] + configuration.aliases
    }
}

/// A plugin list that cannot work.
public enum PluginError: VaultFailure, Equatable {
    case duplicatePlugin(String)
    case duplicateCommand(String, plugin: String, owner: String)
    /// No plugin offers a capability, described in a few words ("a secret generator").
    case missingCapability(String)

    public var message: String {
        switch self {
        case .duplicatePlugin(let id):
            return "two plugins are called '\(id)'"
        case .duplicateCommand(let name, let plugin, let owner):
            return "plugin \(plugin) registers the command '\(name)', which \(owner) already has"
        case .missingCapability(let name):
            return "no plugin offers \(name)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
