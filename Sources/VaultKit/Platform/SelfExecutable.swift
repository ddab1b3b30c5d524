import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// This program's own path, for starting its helpers (the clipboard clearer, the key expirer).
public enum SelfExecutable {
    public static var path: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
