#if canImport(Glibc)
import Glibc
#endif

/// The text form of an IP address held as 4 or 16 bytes (a certificate's iPAddress name).
enum IPAddressText {
    static func from(_ bytes: [UInt8]) -> String {
        let family = bytes.count == 4 ? AF_INET : bytes.count == 16 ? AF_INET6 : -1
        guard family != -1 else { return bytes.map { String($0, radix: 16) }.joined(separator: ":") }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &text, socklen_t(text.count)) }
        return written == nil ? "?" : String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
