import NIOSSL

/// A TLS or SSL protocol version by its number on the wire (0x0303 is TLS 1.2).
public struct ProtocolVersion: Hashable, Comparable, Sendable {
    public let wireValue: UInt16

    public init(wireValue: UInt16) { self.wireValue = wireValue }

    public static let ssl3 = ProtocolVersion(wireValue: 0x0300)
    public static let tls10 = ProtocolVersion(wireValue: 0x0301)
    public static let tls11 = ProtocolVersion(wireValue: 0x0302)
    public static let tls12 = ProtocolVersion(wireValue: 0x0303)
    public static let tls13 = ProtocolVersion(wireValue: 0x0304)

    init(_ version: TLSVersion) {
        switch version {
        case .tlsv1: self = .tls10
        case .tlsv11: self = .tls11
        case .tlsv12: self = .tls12
        case .tlsv13: self = .tls13
        }
    }

    /// "TLS 1.2", "SSL 3.0", or the number in hex for anything else.
    public var name: String {
        switch wireValue {
        case 0x0002: "SSL 2.0"
        case 0x0300: "SSL 3.0"
        case 0x0301: "TLS 1.0"
        case 0x0302: "TLS 1.1"
        case 0x0303: "TLS 1.2"
        case 0x0304: "TLS 1.3"
        default: "version 0x" + HexText.fourDigits(wireValue)
        }
    }

    /// TLS 1.1 and older: deprecated by RFC 8996, with known attacks and no modern cipher suites.
    public var isObsolete: Bool { self < .tls12 }

    public static func < (a: ProtocolVersion, b: ProtocolVersion) -> Bool { a.wireValue < b.wireValue }
}

/// Upper-case hex for protocol numbers and cipher suite identifiers.
enum HexText {
    static func fourDigits(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
