import SystemPackage
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Serves the agent protocol on a listening socket: waits for connections and their messages
/// with poll(2), and answers each message in turn (one at a time, as OpenSSH's agent does: a
/// confirmation holds the others until it is answered). A connection from another user (root
/// aside) is closed at once, as is one that sends a message that is malformed or too long, or
/// that does not read its answers.
struct AgentServer {
    /// The most connections open at once; one more is closed as it comes.
    static let maximumConnections = 64
    /// How long an answer may wait for the client to read it before the connection is closed.
    static let sendTimeoutSeconds = 10

    let listener: FileDescriptor
    let responder: AgentResponder
    let log: (String) -> Void

    private struct Connection {
        let fd: FileDescriptor
        var framing = AgentMessageFraming()
        var state: AgentConnectionState
    }

    /// Serves until the process is ended (by a signal).
    func run() -> Never {
        var connections: [Connection] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var polled = [pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)]
                + connections.map { pollfd(fd: $0.fd.rawValue, events: Int16(POLLIN), revents: 0) }
            guard SystemCall.retryingInterrupts({ poll(&polled, nfds_t(polled.count), -1) }) >= 0 else { continue }
            var closed: Set<Int32> = []
            for (index, entry) in polled.enumerated().dropFirst() where entry.revents != 0 {
                if !serve(&connections[index - 1], buffer: &buffer) { closed.insert(entry.fd) }
            }
            for connection in connections where closed.contains(connection.fd.rawValue) { try? connection.fd.close() }
            connections.removeAll { closed.contains($0.fd.rawValue) }
            if polled[0].revents & Int16(POLLIN) != 0, let accepted = accept(open: connections.count) {
                connections.append(accepted)
            }
        }
    }

    /// Takes a waiting connection, or closes it when it comes from another user or there are
    /// too many.
    private func accept(open: Int) -> Connection? {
        guard let fd = try? UnixSocket.accept(on: listener) else { return nil }
        guard open < Self.maximumConnections else {
            log("refused a connection: \(open) are open already")
            try? fd.close()
            return nil
        }
        guard let peer = try? UnixSocket.peer(of: fd) else {
            log("refused a connection whose process cannot be told")
            try? fd.close()
            return nil
        }
        guard peer.uid == geteuid() || peer.uid == 0 else {
            log("refused a connection from user \(peer.uid) (process \(peer.pid))")
            try? fd.close()
            return nil
        }
        var timeout = timeval(tv_sec: Self.sendTimeoutSeconds, tv_usec: 0)
        setsockopt(fd.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return Connection(fd: fd, state: AgentConnectionState(client: Self.describe(peer)))
    }

    /// Reads what `connection` sent and answers each whole message; false when it is to be closed.
    private func serve(_ connection: inout Connection, buffer: inout [UInt8]) -> Bool {
        let count = buffer.withUnsafeMutableBytes { bytes in
            SystemCall.retryingInterrupts { read(connection.fd.rawValue, bytes.baseAddress, bytes.count) }
        }
        guard count > 0 else { return false }
        buffer.withUnsafeBytes { connection.framing.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        while true {
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
            guard (try? connection.fd.writeEvery(answer)) != nil else {
                log("\(connection.state.client): closed the connection: it does not read its answers")
                return false
            }
        }
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
