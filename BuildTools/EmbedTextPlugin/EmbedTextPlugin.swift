import Foundation
import PackagePlugin

/// A build-tool plugin that turns each `.txt` file in a target's `Resources/` folder into Swift
/// at build time: `Resources/ranked-word-data.txt` becomes `enum RankedWordData { static let
/// text }` (the name in UpperCamelCase), written by `embed-text` into the build folder. The data
/// stays text in git, with its sources beside it, and the binary stays one static file.
@main
struct EmbedTextPlugin: BuildToolPlugin {
    struct BadName: Error, CustomStringConvertible {
        let file: String
        var description: String { "EmbedText: \(file) must be named in lower-case words joined by hyphens (ranked-word-data.txt)" }
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "embed-text")
        let files = target.sourceFiles(withSuffix: ".txt").filter { $0.url.deletingLastPathComponent().lastPathComponent == "Resources" }
        return try files.map { file in
            let base = file.url.deletingPathExtension().lastPathComponent
            guard let name = Self.typeName(for: base) else { throw BadName(file: file.url.lastPathComponent) }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Embedding \(file.url.lastPathComponent) as \(name)",
                executable: tool.url,
                arguments: [name, file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }

    /// "ranked-word-data" → "RankedWordData"; `nil` unless the name is lower-case ASCII words
    /// (letters, then letters or digits) joined by hyphens, so the result is an identifier.
    static func typeName(for base: String) -> String? {
        let words = base.split(separator: "-", omittingEmptySubsequences: false)
        let valid = words.allSatisfy { word in
            guard let first = word.first, ("a"..."z").contains(first) else { return false }
            return word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
        return valid ? words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() : nil
    }
}
