import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The user's home folder: $HOME, else the password database's entry.
public enum HomeFolder {
    public static func path(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }
}
