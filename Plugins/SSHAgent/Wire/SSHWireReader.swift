/// Reads the SSH wire encoding (RFC 4251, section 5) from bytes the caller keeps alive: the
/// agent's messages, key blobs, and the inside of an OpenSSH private key file. Every read checks
/// the length it is given against what is left, so a hostile length is an error, never a read
/// past the end; strings are returned as slices of the same bytes, never copied.
struct SSHWireReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    var remaining: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[offset...]) }

    mutating func byte() throws(SSHWireError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint32() throws(SSHWireError) -> UInt32 {
        let raw = try take(4)
        return raw.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A `string`: a length and that many bytes.
    mutating func string() throws(SSHWireError) -> UnsafeRawBufferPointer {
        let length = try uint32()
        guard length <= bytes.count - offset else { throw .truncated }
        return try take(Int(length))
    }

    /// A `string` that must be UTF-8 text (a name or a comment).
    mutating func text() throws(SSHWireError) -> String {
        let raw = try string()
        guard let text = String(validating: raw, as: UTF8.self) else { throw .notText }
        return text
    }

    /// A `string` that must be `expected` exactly.
    mutating func expectText(_ expected: String) throws(SSHWireError) {
        guard try string().elementsEqual(expected.utf8) else { throw .unexpectedValue }
    }

    /// A non-negative `mpint`'s magnitude, big-endian with no leading zero byte.
    mutating func positiveMPInt() throws(SSHWireError) -> UnsafeRawBufferPointer {
        let raw = try string()
        guard let first = raw.first else { return raw }
        guard first & 0x80 == 0 else { throw .negativeInteger }
        // A zero byte is there only to keep the sign bit clear; one more is not canonical.
        if first == 0 {
            guard raw.count > 1, raw[1] & 0x80 != 0 else { throw .nonCanonicalInteger }
            return UnsafeRawBufferPointer(rebasing: raw[1...])
        }
        return raw
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(SSHWireError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Fails unless every byte has been read.
    func expectEnd() throws(SSHWireError) {
        guard isAtEnd else { throw .trailingBytes }
    }
}

/// What is wrong with bytes in the SSH wire encoding.
enum SSHWireError: Error, Equatable {
    case truncated
    case trailingBytes
    case notText
    case unexpectedValue
    case negativeInteger
    case nonCanonicalInteger
}
