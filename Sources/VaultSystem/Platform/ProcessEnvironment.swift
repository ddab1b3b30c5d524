#if canImport(Glibc)
import Glibc
#endif

/// The environment this process was started with, read once by `main` into the dictionary the
/// command context carries.
public enum ProcessEnvironment {
    /// Each `NAME=value` entry of `environ`, split at its first `=`; an entry with no `=` is
    /// left out, bytes that are not UTF-8 are read as U+FFFD (as Foundation's `ProcessInfo`
    /// reads them), and of a name given twice the first value is kept, the one `getenv` (and so
    /// every C library in the process) gives. The split is by bytes: cutting each entry by
    /// `Character`, as `ProcessInfo` does, cost a command more than the rest of its reading.
    public static func current() -> [String: String] {
        entries(environ)
    }

    /// The entries of `list`, an array of C strings ending with a null pointer, as `current`
    /// reads `environ`.
    static func entries(_ list: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var environment: [String: String] = [:]
        var entry = list
        while let pointer = entry.pointee {
            entry += 1
            let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(text[..<equals])
            if environment[name] == nil { environment[name] = String(text[text.utf8.index(after: equals)...]) }
        }
        return environment
    }
}
