import VaultCore

/// Merges and listings of vault files named by path, as git's drivers give them.
extension VaultFileMerge {
    /// Git's merge driver: merges the files at `base`, `ours` and `theirs` and writes the
    /// result over `ours`; on any failure `ours` is left as it was.
    public static func merge(base: String, ours: String, theirs: String, keys: Keys) throws -> MergeReport {
        let merged = try merge(base: try AtomicFile.read(base), ours: try AtomicFile.read(ours), theirs: try AtomicFile.read(theirs), keys: keys)
        try merged.bytes.withUnsafeBytes { try AtomicFile.write($0, to: ours) }
        return merged.report
    }
}

extension VaultListing {
    /// The listing of the vault file at `path` (git's textconv), opened with `unlocker`.
    public static func text(ofFile path: String, using unlocker: Unlocker) throws -> String {
        try text(of: try AtomicFile.read(path), using: unlocker)
    }
}
