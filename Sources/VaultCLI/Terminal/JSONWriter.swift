import VaultCore
import VaultSystem
/// JSON written by hand as UTF-8 bytes straight into an output buffer, members in the order
/// written: batch mode prints one object per password, tens of thousands a second, where a
/// general encoder (and nested temporary objects) would be the bottleneck.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        members(&self)
        close(UInt8(ascii: "}"))
    }

    public mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        open(UInt8(ascii: "["))
        for item in items { element(&self, item) }
        close(UInt8(ascii: "]"))
    }

    /// A member's name written in the program (a literal): copied as it is, quotes and all, since
    /// such names never need escaping.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's name that comes from data (an entry's name), escaped like any string.
    public mutating func key(named key: String) {
        separate()
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public init() {}

    public mutating func value(_ value: Int) { raw(String(value)) }
    public mutating func value(_ value: Bool) { raw(value ? "true" : "false") }
    /// A number, as Swift writes it (the shortest text that reads back as the same number:
    /// `13.0`, `0.25`, `1e-05`); `null` for nil, infinities and NaN, which JSON cannot carry.
    public mutating func value(_ value: Double?) {
        guard let value, value.isFinite else { return raw("null") }
        // Whole numbers (most in vault's output) are written without formatting a Double.
        if value == value.rounded(), Swift.abs(value) < 0x1p53, value != 0 || value.sign == .plus {
            return fixed(Int64(value), places: 0)
        }
        raw("\(value)")
    }

    /// `value` rounded to `places` decimals (0 to 9), written exactly as `value(_:)` writes the
    /// rounded number, `(value * 10^places).rounded() / 10^places`, but without formatting a
    /// Double where the decimals are the shortest text anyway (0.0001 or more, far below 2^53).
    public mutating func value(_ value: Double, places: Int) {
        let scale = Self.powersOfTen[places]
        let scaled = (value * scale).rounded(), rounded = scaled / scale
        guard value.isFinite, Swift.abs(scaled) < 0x1p50, rounded == 0 || Swift.abs(rounded) >= 1e-4,
              rounded != 0 || rounded.sign == .plus else { return self.value(rounded) }
        fixed(Int64(scaled), places: places)
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// `scaled` / 10^`places` in decimals: the fraction without its trailing zeros, but at least
    /// one digit (`13.0`, `0.0007`).
    private mutating func fixed(_ scaled: Int64, places: Int) {
        separate()
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits, backwards, in 20 bytes on the stack (an Int64 has at most 19); then the
        // integer part, the point and the fraction, read from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            var magnitude = scaled.magnitude
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0 || count <= places
            var fractionStart = 0
            while fractionStart < places - 1 && digits[fractionStart] == UInt8(ascii: "0") { fractionStart += 1 }
            for index in stride(from: count - 1, through: places, by: -1) { bytes.append(digits[index]) }
            bytes.append(UInt8(ascii: "."))
            if places == 0 { bytes.append(UInt8(ascii: "0")) }
            for index in stride(from: places - 1, through: fractionStart, by: -1) { bytes.append(digits[index]) }
        }
        needsComma = true
    }

    public mutating func value(_ value: String?) {
        separate()
        if let value { appendQuoted(value) } else { bytes.append(contentsOf: "null".utf8) }
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ value: Int) { key(name); self.value(value) }
    public mutating func field(_ name: StaticString, _ value: Double?) { key(name); self.value(value) }
    public mutating func field(_ name: StaticString, _ value: Double, places: Int) { key(name); self.value(value, places: places) }
    public mutating func field(_ name: StaticString, _ value: String?) { key(name); self.value(value) }
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); self.value(value) }

    /// Hands the bytes written so far to `consume` and starts again with an empty buffer.
    public mutating func drain(_ consume: ([UInt8]) throws -> Void) rethrows {
        try consume(bytes)
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Plain text, for output that mixes JSON and text in one buffer.
    public mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        needsComma = false
    }

    public mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    private mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// A JSON string: quotes, backslashes, control characters and the characters of
    /// `JSONTerminalEscapes` escaped, the rest as is.
    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Text held as UTF-8 (literals, most strings) is read in place, else from a copy.
        if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var copy = string
            copy.withUTF8 { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string inside its quotes: runs that need no escape copied at once.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var plainStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                index += 1
                continue
            }
            var length = 1
            if byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            } else if byte < 0x20 || byte == 0x7F {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                bytes.append(contentsOf: JSONTerminalEscapes.escape(UInt32(byte)))
            } else if byte >= 0xC2, let (value, scalarLength) = JSONTerminalEscapes.scalar(in: utf8, at: index) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                bytes.append(contentsOf: JSONTerminalEscapes.escape(value))
                length = scalarLength
            } else {
                index += 1
                continue
            }
            index += length
            plainStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
    }
}
