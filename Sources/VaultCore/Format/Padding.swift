/// Length-hiding padding for the payload: ISO/IEC 7816-4 (a 0x80 byte, then zeros) up to the
/// Padmé length of the content (at most about 12% overhead, and the padded length reveals only
/// O(log log n) bits of the true length), and never less than `minimumLength`.
public enum Padding {
    /// Small vaults all look the same size: 1 KiB.
    public static let minimumLength = 1024

    /// The padded length for `contentLength` bytes of content (one more for the 0x80 marker),
    /// at least `minimum`.
    public static func paddedLength(for contentLength: Int, minimum: Int = minimumLength) -> Int {
        let length = max(contentLength + 1, minimum)
        let exponent = Int.bitWidth - 1 - length.leadingZeroBitCount  // floor(log2(length))
        let exponentBits = Int.bitWidth - exponent.leadingZeroBitCount  // floor(log2(exponent)) + 1
        let mask = (1 << max(exponent - exponentBits, 0)) - 1
        return (length + mask) & ~mask
    }

    /// The content length of a padded buffer, or `nil` when the padding is malformed.
    public static func contentLength(of padded: UnsafeRawBufferPointer) -> Int? {
        var index = padded.count - 1
        while index >= 0 && padded[index] == 0 { index -= 1 }
        guard index >= 0, padded[index] == 0x80 else { return nil }
        return index
    }
}
