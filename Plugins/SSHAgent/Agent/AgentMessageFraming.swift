/// Cuts a connection's bytes into the agent protocol's messages: each a 32-bit big-endian
/// length and that many bytes (type and contents). A message longer than `maximumLength`
/// (256 KiB, OpenSSH's own limit) or empty is an error, after which the connection is closed:
/// its bytes are not read any further.
struct AgentMessageFraming {
    static let maximumLength = 256 * 1024

    private var buffer: [UInt8] = []
    private var start = 0

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message's body, or nil until more bytes come.
    mutating func nextMessage() throws(AgentFramingError) -> [UInt8]? {
        guard buffer.count - start >= 4 else { return nil }
        let length = buffer[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0 else { throw .empty }
        guard length <= Self.maximumLength else { throw .tooLong(length) }
        guard buffer.count - start - 4 >= length else { return nil }
        let body = Array(buffer[start + 4..<start + 4 + length])
        start += 4 + length
        if start > Self.maximumLength {
            buffer.removeFirst(start)
            start = 0
        }
        return body
    }

    /// `body` with its length in front, to send.
    static func framed(_ body: [UInt8]) -> [UInt8] {
        let length = UInt32(body.count)
        return [UInt8(length >> 24), UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8),
                UInt8(truncatingIfNeeded: length)] + body
    }
}

/// Why a connection's bytes are not messages.
enum AgentFramingError: Error, Equatable {
    case empty
    case tooLong(Int)
}
