import Foundation
import PackagePlugin

/// A build-tool plugin that turns each `.txt` file of a target into Swift at build time: the
/// file `Resources/ranked-word-data.txt` becomes `enum RankedWordData { static let text }` (the
/// name in UpperCamelCase), written by `embed-text` into the build folder. The data stays text
/// in git, with its sources beside it, and the binary stays one static file.
@main
struct EmbedTextPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "embed-text")
        return target.sourceFiles(withSuffix: ".txt").map { file in
            let name = Self.typeName(for: file.url.deletingPathExtension().lastPathComponent)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Embedding \(file.url.lastPathComponent) as \(name)",
                executable: tool.url,
                arguments: [name, file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }

    /// "ranked-word-data" → "RankedWordData".
    static func typeName(for base: String) -> String {
        base.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
