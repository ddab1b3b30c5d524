#if canImport(Glibc)
import Glibc
#endif

/// Shell globs over entry names (`web/*`, `*git*`), matched by fnmatch(3): `*` and `?` match
/// `/` too, so `web*` takes a whole folder.
public enum EntryNameGlob {
    /// fnmatch matches characters (not bytes) only in a UTF-8 locale; glibc always has C.UTF-8.
    private static let utf8Locale: Void = { setlocale(LC_CTYPE, "C.UTF-8") }()

    /// Whether `pattern` has glob characters at all.
    public static func isGlob(_ pattern: String) -> Bool {
        pattern.contains(where: { "*?[".contains($0) })
    }

    public static func matches(_ pattern: String, _ name: String) -> Bool {
        utf8Locale
        return fnmatch(pattern, name, 0) == 0
    }
}
