import VaultCore
import VaultSystem
import ArgumentParser

/// A plugin: something that adds commands to `vault` and may offer capabilities that the core
/// and other commands use without knowing the plugin. Built-in plugins are listed once, in
/// Sources/VaultCommands/Program/BuiltinPlugins.swift; see docs/plugins.md for writing one.
public protocol VaultPlugin: Sendable {
    /// A short, unique, lower-case name, such as "generator".
    var id: String { get }
    /// One line saying what the plugin is for.
    var summary: String { get }
    /// The commands it adds, each becoming `vault <command name>`.
    var commands: [ParsableCommand.Type] { get }
    /// What it offers to the rest of vault, such as a `SecretGenerator`.
    var capabilities: [any PluginCapability] { get }
}

/// A service a plugin offers; the core looks capabilities up by protocol, never by plugin.
public protocol PluginCapability: Sendable {
    /// The capability's name in `vault plugins`, such as "secret-generator".
    static var capabilityName: String { get }
}

extension PluginCapability {
    var name: String { Self.capabilityName }
}
