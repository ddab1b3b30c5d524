import SystemPackage
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A file a command reads whole (a template, an environment file), up to a limit far past any
/// real one, so that a wrong path (a disk image, /dev/zero) fails at once instead of filling
/// memory. It may be a pipe (`<(…)`, /dev/stdin), read to its end.
struct InputFile {
    let path: String
    /// What the file is, for the error ("a template").
    let role: String
    let limit: Int

    func bytes() throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw StoreError.fileMissing(path: path) }
            throw StoreError.io(path: path, operation: "open", errno: errno)
        }
        let file = FileDescriptor(rawValue: fd)
        defer { try? file.close() }
        let bytes: [UInt8]
        do throws(Errno) {
            bytes = try file.readToEnd(limit: limit + 1)
        } catch {
            throw StoreError.io(path: path, operation: "read", errno: error.rawValue)
        }
        guard bytes.count <= limit else { throw InputFileError.tooLarge(path: path, role: role, limit: limit) }
        return bytes
    }

    /// The file as UTF-8 text.
    func text() throws -> String {
        guard let text = String(validating: try bytes(), as: UTF8.self) else {
            throw InputFileError.notText(path: path, role: role)
        }
        return text
    }
}

/// A file a command cannot take as the input it asked for.
enum InputFileError: VaultFailure, Equatable {
    case tooLarge(path: String, role: String, limit: Int)
    case notText(path: String, role: String)

    var message: String {
        switch self {
        case .tooLarge(let path, let role, let limit): "\(path) is larger than \(limit >> 20) MiB, too large to be \(role)"
        case .notText(let path, let role): "\(path) is not UTF-8 text, as \(role) must be"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
