import Foundation
import VaultCore

/// A version 5 vault file as lines of text, edited as someone without the key would edit it:
/// the header, the seal and tombstones lines, and the lists of page digests and sealed entries,
/// each entry `SLOT BOX`. `text` writes it back in the canonical layout, so that an edit still
/// parses and only what it changed is refused. Page digests are computed as docs/format.md
/// says, with nothing of vault's but libsodium's BLAKE2b.
package struct SealedFileText: Equatable {
    /// Every line up to the wrapped data key's closing `},`.
    package var header: [String]
    package var seal: String
    package var tombstones: String
    package var pages: [String]
    package var entries: [String]

    package init(_ data: Data) throws {
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        guard let sealLine = lines.firstIndex(where: { $0.hasPrefix("  \"seal\": \"") }),
              let pagesLine = lines.firstIndex(of: "  \"pages\": ["), let entriesLine = lines.firstIndex(where: { $0.hasPrefix("  \"entries\": [") })
        else { throw CocoaError(.fileReadCorruptFile) }
        header = Array(lines[..<sealLine])
        seal = Self.value(lines[sealLine])
        tombstones = Self.value(lines[sealLine + 1])
        pages = lines[(pagesLine + 1)..<(entriesLine - 1)].map(Self.value)
        entries = lines[entriesLine] == "  \"entries\": []" ? [] : lines[(entriesLine + 1)...].prefix { $0 != "  ]" }.map(Self.value)
    }

    /// The string of a `"key": "value",` or `"value",` line.
    private static func value(_ line: String) -> String {
        let afterKey = line.contains("\": \"") ? String(line[line.range(of: "\": \"")!.upperBound...]) : line.trimmingCharacters(in: .whitespaces)
        return afterKey.trimmingCharacters(in: CharacterSet(charactersIn: "\",")).trimmingCharacters(in: .whitespaces)
    }

    /// The file's bytes in the canonical layout.
    package var data: Data {
        func list(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n  ]"
        }
        let text = header.joined(separator: "\n") + "\n  \"seal\": \"\(seal)\",\n  \"tombstones\": \"\(tombstones)\",\n  \"pages\": "
            + list(pages) + ",\n  \"entries\": " + list(entries) + "\n}\n"
        return Data(text.utf8)
    }

    /// The page digests of `entries` as docs/format.md defines them: as many pages as the
    /// smallest power of two that holds 32 entries each, a slot's page its first bits, and each
    /// page the BLAKE2b-256 of `vault page v5` and its entries, each line ending in a newline.
    package mutating func recomputePages() {
        var count = 1
        while count * 32 < entries.count { count *= 2 }
        let bits = count.trailingZeroBitCount
        var texts = [String](repeating: "vault page v5\n", count: count)
        for entry in entries {
            let leading = Int(entry.prefix(6), radix: 16) ?? 0
            texts[bits == 0 ? 0 : leading >> (24 - bits)] += entry + "\n"
        }
        pages = texts.map { text in Array(text.utf8).withUnsafeBytes { Data(Sodium.blake2b($0)).base64EncodedString() } }
    }

    /// The sealed entry whose slot is `slot`.
    package func entry(slot: String) -> String? {
        entries.first { $0.hasPrefix(slot + " ") }
    }

    /// The slots of the entries, in file order.
    package var slots: [String] { entries.map { String($0.prefix(32)) } }
}
