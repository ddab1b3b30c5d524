#if canImport(Glibc)
import Glibc
#endif

/// A local TCP port with nothing listening on it: one the kernel gave a socket that is then
/// closed (never listened on, so no one else is likely to be given it at once).
package enum ClosedPort {
    package static func find() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXFailure(code: errno) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw POSIXFailure(code: errno) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    package struct POSIXFailure: Error { var code: Int32 }
}
