import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Questions about POSIX paths given as strings (the vault's, git's), answered with
/// swift-system's `FilePath`, without Foundation's URL on the hot path.
public enum Paths {
    /// The folder `path` is in: "." for a bare name, "/" for a name at the root.
    public static func folder(of path: String) -> String {
        let folder = FilePath(path).removingLastComponent()
        return folder.isEmpty ? "." : folder.string
    }

    /// The names of the entries of the folder `folder` (`.` and `..` among them); none when it
    /// cannot be read.
    static func names(inFolder folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            names.append(withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            })
        }
        return names
    }

    /// The last component of `path` (the file's name), or `path` itself when it has none.
    public static func lastComponent(of path: String) -> String {
        FilePath(path).lastComponent?.string ?? path
    }

    /// Whether `path` is in a git work tree: it or a folder above it holds `.git` (a folder, or
    /// the file a worktree or submodule has). Asked of `path` as given, without following it.
    public static func isInGitWorkTree(_ path: String) -> Bool {
        var current = FilePath(path)
        while true {
            if access(current.appending(".git").string, F_OK) == 0 { return true }
            guard current.removeLastComponent() else { return false }
        }
    }

    /// Creates `folder` and its missing parents with mode 0700.
    public static func createFolders(_ folder: String) throws(StoreError) {
        let path = FilePath(folder)
        var current: FilePath = path.isAbsolute ? "/" : "."
        for component in path.components {
            current.append(component)
            if mkdir(current.string, 0o700) != 0 && errno != EEXIST {
                throw .io(path: current.string, operation: "create folder", errno: errno)
            }
        }
    }
}
