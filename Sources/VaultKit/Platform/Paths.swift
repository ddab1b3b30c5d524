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
