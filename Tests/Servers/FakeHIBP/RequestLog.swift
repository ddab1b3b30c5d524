import Foundation

/// Appends one line per request to the `--log` file, each written straight to the file with one
/// `write(2)` on a descriptor opened with O_APPEND, so lines are never buffered or interleaved.
final class RequestLog: Sendable {
    private let descriptor: Int32

    /// Opens (creating if needed) the file for appending.
    init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RequestLogError(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Logs `METHOD PATH add-padding=<value or -> api-key=<ok, wrong or -> user-agent=<value or ->`:
    /// the API key's verdict (`AccountResponder.keyVerdict`), never the key.
    func record(method: String, uri: String, addPadding: String?, apiKey: String, userAgent: String?) {
        let line = "\(Self.clean(method)) \(Self.clean(uri)) add-padding=\(addPadding.map(Self.clean) ?? "-") "
            + "api-key=\(apiKey) user-agent=\(userAgent.map(Self.clean) ?? "-")\n"
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Replaces control characters so a request always stays on one log line.
    private static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
