import FoundationEssentials

/// The settings file with its `mounts` replaced (`vault team mount` and `unmount`): every other
/// setting kept as it was, the file written back as indented JSON with its keys sorted.
public enum MountSetting {
    /// The text of the settings file `current` (nil when there is none yet; `path` is named in
    /// messages) with `mounts` as its mounts, none leaving the setting out. A file that is not
    /// valid settings is refused, so that nothing is written over it.
    public static func rewritten(_ current: [UInt8]?, path: String, mounts: MountTable) throws(ConfigError) -> [UInt8] {
        var settings: [String: JSONTree] = [:]
        if let current {
            _ = try VaultConfig.parse(Data(current), path: path)
            do {
                settings = try JSONDecoder().decode([String: JSONTree].self, from: Data(current))
            } catch {
                throw .invalid(path, "not a JSON object")
            }
        }
        settings["mounts"] = mounts.isEmpty ? nil : .object(mounts.paths.mapValues { .string($0) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let text = try? encoder.encode(settings) else { throw .invalid(path, "its settings could not be written back") }
        return Array(text) + [UInt8(ascii: "\n")]
    }
}
