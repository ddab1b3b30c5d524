#if canImport(Glibc)
import Glibc
#endif

/// String helpers for POSIX paths, to avoid pulling Foundation's URL into the hot path.
public enum Paths {
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `path` is in a git work tree: it or a folder above it holds `.git` (a folder, or
    /// the file a worktree or submodule has). Asked of `path` as given, without following it.
    public static func isInGitWorkTree(_ path: String) -> Bool {
        var current = path
        while true {
            if access(current + "/.git", F_OK) == 0 { return true }
            let parent = folder(of: current)
            if parent == current || current.isEmpty || current == "." { return false }
            current = parent
        }
    }

    /// Creates `folder` and its missing parents with mode 0700.
    public static func createFolders(_ folder: String) throws(StoreError) {
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw .io(path: current, operation: "create folder", errno: errno)
            }
        }
    }
}
