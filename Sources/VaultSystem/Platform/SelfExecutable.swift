import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// This program's own path, for starting its helpers (the clipboard clearer, the key expirer)
/// and telling external plugins where vault is: /proc/self/exe, read with readlink(2) (every
/// command asks, so without Foundation's file manager), else the name it was started by.
public enum SelfExecutable {
    public static var path: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
