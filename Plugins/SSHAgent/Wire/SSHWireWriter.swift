/// Writes the SSH wire encoding (RFC 4251, section 5): public key blobs, signatures and the
/// agent's answers. Only public bytes go through it (it grows an ordinary array).
struct SSHWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint32(_ value: UInt32) {
        bytes.append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    /// A `string`: its length, then its bytes.
    mutating func string(_ value: some Collection<UInt8>) {
        uint32(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func text(_ value: String) {
        string(Array(value.utf8))
    }

    /// A non-negative `mpint` from its big-endian magnitude (leading zeros dropped, and one zero
    /// put back when the top bit is set).
    mutating func positiveMPInt(_ magnitude: some Collection<UInt8>) {
        let digits = magnitude.drop { $0 == 0 }
        if let first = digits.first, first & 0x80 != 0 {
            uint32(UInt32(digits.count + 1))
            bytes.append(0)
            bytes.append(contentsOf: digits)
        } else {
            string(digits)
        }
    }
}
