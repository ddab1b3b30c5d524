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
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
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
    /// A number; `null` for nil, infinities and NaN, which JSON cannot carry.
    public mutating func value(_ value: Double?) { raw(value.map { $0.isFinite ? "\($0)" : "null" } ?? "null") }
    public mutating func value(_ value: String?) {
        separate()
        if let value { appendQuoted(value) } else { bytes.append(contentsOf: "null".utf8) }
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ value: Int) { key(name); self.value(value) }
    public mutating func field(_ name: StaticString, _ value: Double?) { key(name); self.value(value) }
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
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Most strings (keys, names, explanations) need no escape: one scan, one copy.
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) {
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\""))
                return
            }
            var plainStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var length = 1
                if byte == 0x22 || byte == 0x5C {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
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
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
