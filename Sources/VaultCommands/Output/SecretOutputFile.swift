import FoundationEssentials
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes secrets to at the person's request (`export --output`, `read
/// --output`, `inject --out-file`): mode 0600, written atomically, and never put over an
/// existing file without `--force`, which is checked before anything is asked or resolved.
struct SecretOutputFile {
    let path: String
    let force: Bool

    /// Fails (exit 5) when the file exists and may not be replaced.
    func checkFree() throws(StoreError) {
        if !force, access(path, F_OK) == 0 { throw .fileExists(path: path) }
    }

    /// Writes `bytes` as the whole file; without `force`, a file made meanwhile still wins.
    func write(_ bytes: some ContiguousBytes) throws {
        try bytes.withUnsafeBytes { buffer in try AtomicFile.write(buffer, to: path, exclusive: !force, mode: 0o600) }
    }
}
