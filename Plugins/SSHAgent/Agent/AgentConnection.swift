import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// One client connection of the agent's server: its socket (non-blocking), the bytes it sent
/// that are not a whole message yet, the answers it has not read yet, and what the agent knows
/// of the client.
struct AgentConnection {
    /// How long a client may take to read an answer, all of it, before it is closed.
    static let answerDeadline: Duration = .seconds(10)
    /// The most answer bytes kept for a client that does not read them.
    static let maximumPending = 1024 * 1024

    let fd: FileDescriptor
    var framing = AgentMessageFraming()
    var state: AgentConnectionState
    /// Answers not sent yet, and when the oldest of them must be gone.
    private(set) var pending: [UInt8] = []
    private(set) var deadline: ContinuousClock.Instant?
    /// When the client last sent or read anything: the idlest is closed first when the agent
    /// has too many connections.
    private(set) var lastActive: ContinuousClock.Instant

    init(fd: FileDescriptor, state: AgentConnectionState, now: ContinuousClock.Instant) {
        self.fd = fd
        self.state = state
        lastActive = now
    }

    /// Whether no answer waits for the client: it may be closed to make room (a message it began
    /// and left unfinished does not keep it).
    var isIdle: Bool { pending.isEmpty }

    /// Reads what the client sent into `buffer`; false when it hung up or failed.
    mutating func receive(into buffer: inout [UInt8], now: ContinuousClock.Instant) -> Bool {
        let count = buffer.withUnsafeMutableBytes { bytes in
            SystemCall.retryingInterrupts { read(fd.rawValue, bytes.baseAddress, bytes.count) }
        }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
        guard count > 0 else { return false }
        buffer.withUnsafeBytes { framing.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        lastActive = now
        return true
    }

    /// Queues `answer` and sends what the client takes now; false when the connection is to be
    /// closed (it has gone, or holds more unread answers than it may).
    mutating func answer(_ answer: [UInt8], now: ContinuousClock.Instant) -> Bool {
        if pending.isEmpty { deadline = now + Self.answerDeadline }
        pending += answer
        guard pending.count <= Self.maximumPending else { return false }
        return flush(now: now)
    }

    /// Sends what the client takes now of the answers waiting; false when it has gone.
    mutating func flush(now: ContinuousClock.Instant) -> Bool {
        guard !pending.isEmpty else { return true }
        guard let sent = try? pending.withUnsafeBytes({ try UnixSocket.send($0, on: fd) }) else { return false }
        if sent > 0 { lastActive = now }
        pending.removeFirst(sent)
        if pending.isEmpty { deadline = nil }
        return true
    }

    /// Whether the client has let an answer wait past its deadline.
    func isOverdue(at now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }
}
