import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault plugins`: the registered plugins with their commands and capabilities, and the
/// external `vault-NAME` programs found.
struct PluginsCommand: VaultSubcommand {
    /// It opens no vault.
    var vault: VaultOptions { .omitted }

    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the plugins, their commands and capabilities.")

    @OptionGroup var output: OutputOptions

    /// It lists them all, the network plugins among them.
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool { true }

    /// One plugin as listed.
    struct Listing: Encodable {
        var id: String
        var summary: String
        var commands: [String]
        var capabilities: [String]
    }

    /// What `--json` prints.
    struct Report: Encodable {
        var builtin: [Listing]
        var external: [ExternalPlugins.Found]
    }

    /// The names of a plugin's capabilities, each once (a plugin may offer two of a kind).
    private static func distinctNames(of capabilities: [any PluginCapability]) -> [String] {
        var names: [String] = []
        for name in capabilities.map({ type(of: $0).capabilityName }) where !names.contains(name) { names.append(name) }
        return names
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let builtin = context.plugins.plugins.map { plugin in
            Listing(id: plugin.id, summary: plugin.summary,
                    commands: plugin.commands.flatMap(PluginRegistry.names(of:)),
                    capabilities: Self.distinctNames(of: plugin.capabilities))
        }
        let userFolder = ExternalPlugins.userFolder(environment: context.environment)
        if Paths.isInGitWorkTree(userFolder) {
            context.diagnostics.notice("\(userFolder) is in a git work tree, so it is not searched for plugins "
                + "(what a git remote sends must never run); put plugins in a folder outside any repository on PATH")
        }
        let former = ExternalPlugins.leftInFormerFolder(environment: context.environment)
        if !former.isEmpty {
            context.diagnostics.notice("\(former.count == 1 ? "a plugin is" : "\(former.count) plugins are") left in "
                + "\(ExternalPlugins.formerFolder(environment: context.environment)), which is no longer searched (a synced vault's "
                + "folder is a git work tree, and nothing a remote sends may run); move what you trust to " + userFolder)
        }
        let external = ExternalPlugins.all(environment: context.environment)
            .filter { found in !context.plugins.commandNames.contains(found.name) }
        if output.json {
            try JSONOutput.print(Report(builtin: builtin, external: external), to: context.streams)
            return
        }
        var lines: [String] = []
        for plugin in builtin {
            lines.append("\(plugin.id) — \(plugin.summary)")
            lines.append("  commands:     \(plugin.commands.joined(separator: ", "))")
            lines.append("  capabilities: \(plugin.capabilities.isEmpty ? "none" : plugin.capabilities.joined(separator: ", "))")
        }
        if !external.isEmpty {
            lines.append("external:")
            lines += external.map { "  \(TerminalText.visible($0.name)) — \(TerminalText.visible($0.path))" }
        }
        try context.streams.writeLines(lines)
    }
}
