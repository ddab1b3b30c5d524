import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Finding programs the way a shell does: the folders of `$PATH` in order (the system's
/// default path when it is unset), the first executable regular file of the name winning (a
/// folder of that name is passed over). Unlike a shell, only absolute folders count: a
/// relative one (`./bin`, or the current folder an empty entry stands for) would find
/// whatever the folder vault runs in holds, a cloned repository's `bin/xclip` among them.
public enum ExecutableLookup {
    /// The absolute folders of `$PATH`.
    public static func folders(environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// The full path of `name` on `$PATH`, if it is there.
    public static func find(_ name: String, environment: [String: String]) -> String? {
        folders(environment: environment).map { "\($0)/\(name)" }.first { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
        }
    }
}
