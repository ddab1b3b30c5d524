import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The photo-metadata plugin: `vault exif`, which shows what a JPEG, PNG or WebP gives away and
/// strips it without re-encoding, and a `FileAnalyzer` for other commands.
public struct EXIFPlugin: VaultPlugin {
    public init() {}
    public var id: String { "exif" }
    public var summary: String { "Photo metadata: what JPEG, PNG and WebP files give away, and lossless stripping" }
    public var commands: [ParsableCommand.Type] { [EXIFCommand.self] }
    public var capabilities: [any PluginCapability] { [PhotoFileAnalyzer(), PhotoMetadataStripper()] }
}
