import FoundationEssentials

/// The characters JSON allows raw inside strings that a terminal would still act on: DEL, the
/// C1 controls (U+0080 to U+009F, which some terminals take as escape sequences) and the
/// bidirectional formatting characters (which make text read differently from what it is).
/// JSON output writes them as `\u` escapes, so it decodes to exactly the same text and is
/// still safe to print.
package enum JSONTerminalEscapes {
    /// The scalar encoded at `index` of `utf8`, with its length in bytes, when it is one of
    /// those characters.
    package static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int)? {
        let lead = utf8[index]
        if lead == 0x7F { return (0x7F, 1) }
        guard lead == 0xC2 || lead == 0xD8 || lead == 0xE2 else { return nil }
        let second = index + 1 < utf8.count ? utf8[index + 1] : 0
        switch lead {
        case 0xC2 where (0x80...0x9F).contains(second):
            return (UInt32(second), 2)
        case 0xD8 where second == 0x9C:
            return (0x061C, 2)
        case 0xE2 where second == 0x80 || second == 0x81:
            guard index + 2 < utf8.count else { return nil }
            let value = 0x2000 | (UInt32(second & 0x0F) << 6) | UInt32(utf8[index + 2] & 0x3F)
            switch value {
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return (value, 3)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `\uXXXX` for `value`, in lower-case hex as the rest of vault's JSON.
    package static func escape(_ value: UInt32) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return [UInt8(ascii: "\\"), UInt8(ascii: "u")] + [12, 8, 4, 0].map { hex[Int((value >> UInt32($0)) & 0xF)] }
    }

    /// A whole JSON text with those characters escaped (they can only be inside strings) and
    /// `trailer` after it, in a buffer allocated once at its exact size: growing it would leave
    /// an unwiped copy of a document full of secrets behind in freed memory.
    static func escaped(_ json: Data, then trailer: UInt8) -> Data {
        json.withUnsafeBytes { raw in
            let utf8 = raw.bindMemory(to: UInt8.self)
            var extra = 0
            var index = 0
            while index < utf8.count {
                guard let (_, length) = scalar(in: utf8, at: index) else { index += 1; continue }
                extra += 6 - length
                index += length
            }
            var out = Data(capacity: utf8.count + extra + 1)
            var plainStart = 0
            index = 0
            while index < utf8.count {
                guard let (value, length) = scalar(in: utf8, at: index) else { index += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                out.append(contentsOf: escape(value))
                index += length
                plainStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
            out.append(trailer)
            return out
        }
    }
}
