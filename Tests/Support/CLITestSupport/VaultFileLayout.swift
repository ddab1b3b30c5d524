/// Where the parts of a version 5 vault file are, found in its bytes: the header (everything
/// before the `"seal"` key) and each string value of the body (the seal, the tombstones, the
/// page digests and the sealed entries), without quotes.
package struct VaultFileLayout {
    package let bytes: [UInt8]
    /// Offset of the `"seal"` key: the header is `0..<bodyStart`.
    package let bodyStart: Int
    /// The text of each string value of the body, in file order.
    package let bodyValues: [Range<Int>]

    package init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let seal = Self.find(#""seal": ""#, in: bytes, from: 0) else { return nil }
        bodyStart = seal
        // Every quoted string not followed by a colon is a value.
        var values: [Range<Int>] = []
        var index = seal
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
            guard let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            if bytes[(close + 1)...].first != UInt8(ascii: ":") { values.append((open + 1)..<close) }
            index = close + 1
        }
        guard values.count >= 3 else { return nil }
        bodyValues = values
    }

    /// The offset of the first occurrence of `text` at or after `start`.
    package static func find(_ text: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
