import Foundation

/// Fast Base64 for the payload ciphertext, which is public and can be tens of megabytes:
/// Foundation's codec, plus the check that makes decoding one-to-one (padding present and the
/// unused bits of the last character zero), so that no two texts decode to the same bytes.
/// Small values (salt, nonces, the wrapped key) use libsodium's constant-time codec instead.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        Array(Data(bytes).base64EncodedData())
    }

    /// The bytes `text` encodes, or `nil` unless `text` is exactly what `encode` would write.
    static func decodeCanonical(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0, let data = Data(base64Encoded: Data(text)) else { return nil }
        let bytes = [UInt8](data)
        let lastGroup = bytes.count % 3 == 0 ? 3 : bytes.count % 3
        guard bytes.count >= lastGroup,
              encode(Array(bytes.suffix(lastGroup))).elementsEqual(text.suffix(4))
        else { return bytes.isEmpty && text.isEmpty ? [] : nil }
        return bytes
    }
}
