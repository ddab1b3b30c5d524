import CProcessShim
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A Unix stream socket at a path in the file system: the listening end a daemon serves on (the
/// SSH agent), the connections it accepts, and a client's connection. Descriptors are
/// close-on-exec; the caller closes them.
public enum UnixSocket {
    /// The longest path a socket address holds (sun_path's size, less its terminating zero).
    public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The process at the other end of a connected socket.
    public struct Peer: Sendable, Equatable {
        public let pid: pid_t
        public let uid: uid_t
    }

    /// A socket listening at `path`, only its owner able to connect (mode 0600, made so as it
    /// is bound: there is no moment when another user could). Fails when `path` exists.
    public static func listen(at path: String, backlog: Int32 = 16) throws(Errno) -> FileDescriptor {
        let fd = try stream()
        do throws(Errno) {
            let previous = umask(0o177)
            defer { umask(previous) }
            try withAddress(path) { address, length throws(Errno) in
                guard bind(fd.rawValue, address, length) == 0 else { throw Errno(rawValue: errno) }
            }
            guard Glibc.listen(fd.rawValue, backlog) == 0 else { throw Errno(rawValue: errno) }
            return fd
        } catch {
            try? fd.close()
            throw error
        }
    }

    /// A connection to the socket at `path`.
    public static func connect(to path: String) throws(Errno) -> FileDescriptor {
        let fd = try stream()
        do throws(Errno) {
            try withAddress(path) { address, length throws(Errno) in
                guard SystemCall.retryingInterrupts({ Glibc.connect(fd.rawValue, address, length) }) == 0 else { throw Errno(rawValue: errno) }
            }
            return fd
        } catch {
            try? fd.close()
            throw error
        }
    }

    /// The next connection waiting on the listening socket `listener`, or nil when none is.
    public static func accept(on listener: FileDescriptor) throws(Errno) -> FileDescriptor? {
        let fd = SystemCall.retryingInterrupts { Glibc.accept(listener.rawValue, nil, nil) }
        guard fd >= 0 else {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED { return nil }
            throw Errno(rawValue: errno)
        }
        // Close-on-exec set afterwards (accept4, which sets it at once, is shown to GNU sources
        // only): a server that starts helpers from the thread that accepts starts none between.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: fd)
    }

    /// Sends as much of `bytes` on `connection` as it takes now: a connection made non-blocking
    /// (`makeNonBlocking`) takes what fits in its buffer. A peer that has gone is an error
    /// (EPIPE), never SIGPIPE. The count sent; 0 when the buffer is full.
    public static func send(_ bytes: UnsafeRawBufferPointer, on connection: FileDescriptor) throws(Errno) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let sent = SystemCall.retryingInterrupts { Glibc.send(connection.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        guard sent >= 0 else {
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw Errno(rawValue: errno)
        }
        return sent
    }

    /// Makes reads and sends on `connection` return at once rather than wait.
    public static func makeNonBlocking(_ connection: FileDescriptor) throws(Errno) {
        let flags = fcntl(connection.rawValue, F_GETFL)
        guard flags >= 0, fcntl(connection.rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Who is at the other end of `connection`, as the kernel recorded it.
    public static func peer(of connection: FileDescriptor) throws(Errno) -> Peer {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        guard vault_socket_peer(connection.rawValue, &pid, &uid) == 0 else { throw Errno(rawValue: errno) }
        return Peer(pid: pid, uid: uid)
    }

    private static func stream() throws(Errno) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        return FileDescriptor(rawValue: fd)
    }

    /// Calls `body` with the socket address of `path`; a path too long for one is ENAMETOOLONG.
    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Errno) -> Void) throws(Errno) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathLength, !bytes.contains(0) else { throw Errno(rawValue: ENAMETOOLONG) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        try withUnsafePointer(to: &address) { pointer throws(Errno) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(Errno) in
                try body(address, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
