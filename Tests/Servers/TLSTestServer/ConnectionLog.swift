import Foundation

/// The `--log` file: one line per connection accepted (`connection from ADDRESS`), each written
/// with one `write(2)` on a descriptor opened with O_APPEND, so a test can tell whether a client
/// connected at all.
final class ConnectionLog: Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ConnectionLogError(path: path, reason: String(cString: strerror(errno))) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func record(from address: String) {
        let line = Array("connection from \(address)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// A `--log` file that cannot be opened.
struct ConnectionLogError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot open \(path): \(reason)" }
}
