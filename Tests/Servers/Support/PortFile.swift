import Foundation

/// Publishes the bound port for test harnesses: the number and a newline, written to a temporary
/// file beside the target and renamed into place, so a reader never sees a partial file.
public enum PortFile {
    public static func write(port: Int, to path: String) throws {
        let temporary = "\(path).tmp-\(getpid())"
        do {
            try Data("\(port)\n".utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw PortFileError(path: path, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PortFileError(path: path, reason: reason)
        }
    }
}
