import VaultCore
import VaultSystem
/// Standard output in large writes, so that a batch of a million results is not a million
/// system calls. JSON is written straight into it. A command makes one and flushes it before
/// it ends.
public final class OutputBuffer {
    private let streams: StandardStreams
    private var json = JSONWriter()

    public init(streams: StandardStreams) { self.streams = streams }

    private let limit = 64 * 1024

    public func write(_ text: String) throws {
        json.append(text)
        if json.bytes.count >= limit { try flush() }
    }

    public func writeJSON(_ write: (inout JSONWriter) -> Void) throws {
        write(&json)
        if json.bytes.count >= limit { try flush() }
    }

    public func flush() throws {
        guard !json.bytes.isEmpty else { return }
        try json.drain { try streams.write($0) }
    }
}
