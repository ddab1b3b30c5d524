import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Serves the agent protocol on a listening socket: waits for connections, their messages and
/// room for their answers with poll(2), and answers each message in turn (one at a time, as
/// OpenSSH's agent does: a confirmation holds the others until it is answered). Connections are
/// non-blocking, so no client holds the agent: one that does not read its answers within
/// `AgentConnection.answerDeadline` is closed, and while an answer waits its further requests
/// are not read. A connection from another user (root aside) is closed at once, as is one that
/// sends a message that is malformed or too long; when `maximumConnections` are open, the one
/// idle longest (with no answer waiting, whether or not it began a message) makes room.
struct AgentServer {
    static let maximumConnections = 64

    let listener: FileDescriptor
    let responder: AgentResponder
    let log: (String) -> Void

    /// Serves until the process is ended (by a signal); returns only when poll(2) fails.
    func run() -> Errno {
        let clock = ContinuousClock()
        var connections: [AgentConnection] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var polled = [pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)] + connections.map {
                pollfd(fd: $0.fd.rawValue, events: Int16($0.pending.isEmpty ? POLLIN : POLLOUT), revents: 0)
            }
            let deadline = connections.compactMap(\.deadline).min()
            let timeout = deadline.map { Self.milliseconds(until: $0, from: clock.now) } ?? -1
            guard SystemCall.retryingInterrupts({ poll(&polled, nfds_t(polled.count), timeout) }) >= 0 else {
                return Errno(rawValue: errno)
            }
            let now = clock.now
            var closed: Set<Int32> = []
            for index in connections.indices {
                let events = polled[index + 1].revents
                if events != 0 && !serve(&connections[index], buffer: &buffer, clock: clock) {
                    closed.insert(connections[index].fd.rawValue)
                } else if connections[index].isOverdue(at: now) {
                    log("\(connections[index].state.client): closed the connection: it does not read its answers")
                    closed.insert(connections[index].fd.rawValue)
                }
            }
            for connection in connections where closed.contains(connection.fd.rawValue) { try? connection.fd.close() }
            connections.removeAll { closed.contains($0.fd.rawValue) }
            if polled[0].revents & Int16(POLLIN) != 0 {
                accept(into: &connections, now: clock.now)
            }
        }
    }

    /// Takes a waiting connection, making room for it by closing the one idle longest when
    /// there are too many; or closes it, when it comes from another user or none is idle.
    private func accept(into connections: inout [AgentConnection], now: ContinuousClock.Instant) {
        guard let fd = try? UnixSocket.accept(on: listener) else { return }
        guard let peer = try? UnixSocket.peer(of: fd), (try? UnixSocket.makeNonBlocking(fd)) != nil else {
            log("refused a connection whose process cannot be told")
            try? fd.close()
            return
        }
        guard peer.uid == geteuid() || peer.uid == 0 else {
            log("refused a connection from user \(peer.uid) (process \(peer.pid))")
            try? fd.close()
            return
        }
        if connections.count >= Self.maximumConnections {
            let idle = connections.indices.filter { connections[$0].isIdle }
            guard let idlest = idle.min(by: { connections[$0].lastActive < connections[$1].lastActive }) else {
                log("refused a connection: \(connections.count) are open and busy")
                try? fd.close()
                return
            }
            log("\(connections[idlest].state.client): closed the connection, idle longest, to make room")
            try? connections[idlest].fd.close()
            connections.remove(at: idlest)
        }
        connections.append(AgentConnection(fd: fd, state: AgentConnectionState(client: Self.describe(peer)), now: now))
    }

    /// Does what poll said `connection` is ready for: sends its waiting answers, or reads its
    /// requests and answers every whole one; false when it is to be closed.
    private func serve(_ connection: inout AgentConnection, buffer: inout [UInt8], clock: ContinuousClock) -> Bool {
        if !connection.pending.isEmpty {
            guard connection.flush(now: clock.now) else { return false }
        } else {
            guard connection.receive(into: &buffer, now: clock.now) else { return false }
        }
        return answerMessages(of: &connection, clock: clock)
    }

    /// Answers the whole messages `connection` has sent, until one's answer has to wait for
    /// the client to read; false when the connection is to be closed. An answer's deadline runs
    /// from when it is ready (a confirmation may have taken minutes).
    private func answerMessages(of connection: inout AgentConnection, clock: ContinuousClock) -> Bool {
        while connection.pending.isEmpty {
            let body: [UInt8]
            do {
                guard let next = try connection.framing.nextMessage() else { return true }
                body = next
            } catch {
                log("\(connection.state.client): closed the connection: \(error == .empty ? "an empty message" : "a message longer than 256 KiB")")
                return false
            }
            let request: AgentRequest
            do {
                request = try body.withUnsafeBytes { try AgentRequest(body: $0) }
            } catch {
                log("\(connection.state.client): closed the connection: a malformed message")
                return false
            }
            let answer = AgentMessageFraming.framed(responder.respond(to: request, on: &connection.state))
            guard connection.answer(answer, now: clock.now) else {
                log("\(connection.state.client): closed the connection: it has gone, or does not read its answers")
                return false
            }
        }
        return true
    }

    /// poll(2)'s timeout for `deadline`: whole milliseconds, rounded up, at least 0.
    static func milliseconds(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        let left = now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, Int64(Int32.max)))
    }

    /// A client as the log shows it: its program's name and process id.
    static func describe(_ peer: UnixSocket.Peer) -> String {
        let name = (try? FileDescriptor.open("/proc/\(peer.pid)/comm", .readOnly)).flatMap { fd in
            defer { try? fd.close() }
            return try? fd.readToEnd(limit: 64)
        }.flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init) }
        return "\(name ?? "a process") (pid \(peer.pid))"
    }
}
