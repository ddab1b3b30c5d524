import VaultCore
import VaultSystem
/// A capability that looks at a file for what it gives away (a photo's location, a document's
/// author), for commands that handle files a user is about to share.
public protocol FileAnalyzer: PluginCapability {
    /// Whether this analyzer knows the format of a file that starts with `header` (its first
    /// 16 bytes or fewer).
    func recognizes(header: [UInt8]) -> Bool
    /// The findings about the file at `path`: warnings for what it gives away.
    func analyze(fileAt path: String) throws -> [Finding]
}

extension FileAnalyzer {
    public static var capabilityName: String { "file-analyzer" }
}
