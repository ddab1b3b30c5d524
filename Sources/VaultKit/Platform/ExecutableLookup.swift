#if canImport(Glibc)
import Glibc
#endif

/// Finding programs the way a shell does: the folders of `$PATH` in order (the system's
/// default path when it is unset), the first executable file of the name winning.
public enum ExecutableLookup {
    /// The folders of `$PATH`, empty entries left out.
    public static func folders(environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// The full path of `name` on `$PATH`, if it is there.
    public static func find(_ name: String, environment: [String: String]) -> String? {
        folders(environment: environment).map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
