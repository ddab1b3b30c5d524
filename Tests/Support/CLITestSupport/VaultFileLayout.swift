/// Where the parts of a vault file are, found in its bytes: the header (everything before the
/// `"payload"` key) and the payload's nonce and ciphertext values.
package struct VaultFileLayout {
    package let bytes: [UInt8]
    /// Offset of the `"payload"` key: the header is `0..<payloadStart`.
    package let payloadStart: Int
    /// The base64 text of the payload nonce and ciphertext, without quotes.
    package let payloadNonce: Range<Int>
    package let payloadCiphertext: Range<Int>

    package init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let payload = Self.find(#""payload": {"#, in: bytes, from: 0),
              let nonce = Self.stringValue(of: "nonce", in: bytes, from: payload),
              let ciphertext = Self.stringValue(of: "ciphertext", in: bytes, from: nonce.upperBound)
        else { return nil }
        payloadStart = payload
        payloadNonce = nonce
        payloadCiphertext = ciphertext
    }

    /// The offset of the first occurrence of `text` at or after `start`.
    package static func find(_ text: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The range of the string value of `"key": "…"` found at or after `start`.
    package static func stringValue(of key: String, in bytes: [UInt8], from start: Int) -> Range<Int>? {
        let prefix = "\"\(key)\": \""
        guard let keyOffset = find(prefix, in: bytes, from: start) else { return nil }
        let valueStart = keyOffset + prefix.utf8.count
        guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return valueStart..<end
    }
}
