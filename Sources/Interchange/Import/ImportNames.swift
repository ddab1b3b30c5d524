import VaultKit

/// Makes the names of imported records valid and unique, and reports every change: a record
/// called "a//b" or " x " or nothing at all still comes in, under a name the vault accepts.
public enum ImportNames {
    /// One name that was changed, and why.
    public struct Rename: Equatable, Sendable {
        public var record: String
        public var from: String
        public var to: String
        public var reason: String

        public init(record: String, from: String, to: String, reason: String) {
            self.record = record
            self.from = from
            self.to = to
            self.reason = reason
        }
    }

    /// Numbers names apart (`NAME (2)`, `NAME (3)`, …), remembering for each name the number it
    /// took last, so that the next duplicate of it starts there instead of at 2 (100,000 records
    /// of one name take a try or two each, not up to 100,000). The results are those of `free`,
    /// as long as a name once taken stays taken.
    public struct Numbering: Sendable {
        private var lastNumber: [String: Int] = [:]

        public init() {}

        /// The first of `NAME (N)` not `taken`, N from the number `name` took last (or 2).
        public mutating func free(_ name: String, taken: (String) -> Bool) -> String {
            var number = lastNumber[name] ?? 2
            while true {
                let candidate = ImportNames.numbered(name, number)
                if !taken(candidate) {
                    lastNumber[name] = number
                    return candidate
                }
                number += 1
            }
        }
    }

    /// The items with valid names, no two alike, and the renames made.
    public static func assign(_ items: [ImportedItem]) -> (items: [ImportedItem], renames: [Rename]) {
        var taken = Set<String>()
        var numbering = Numbering()
        var renames: [Rename] = []
        var result: [ImportedItem] = []
        result.reserveCapacity(items.count)
        for var item in items {
            let original = item.entry.name
            var (name, reason) = valid(original)
            if taken.contains(name) {
                name = numbering.free(name) { taken.contains($0) }
                reason = reason ?? "another record has the same name"
            }
            taken.insert(name)
            if let reason { renames.append(Rename(record: item.record, from: original, to: name, reason: reason)) }
            item.entry.name = name
            result.append(item)
        }
        return (result, renames)
    }

    /// `NAME (2)`, `NAME (3)`, … whichever is not `taken` first. For many names, one
    /// `Numbering` does the same without trying every number again each time.
    public static func free(_ name: String, taken: (String) -> Bool) -> String {
        var numbering = Numbering()
        return numbering.free(name, taken: taken)
    }

    /// `NAME (number)`; a name too long for the suffix is shortened first, so the result is
    /// always a valid name.
    static func numbered(_ name: String, _ number: Int) -> String {
        let suffix = " (\(number))"
        var base = name
        while base.utf8.count + suffix.utf8.count > EntryName.maximumLength { base.removeLast() }
        while base.hasSuffix("/") || base.hasSuffix(" ") { base.removeLast() }
        return (base + suffix).nfcNormalized
    }

    /// The name itself when it is valid; otherwise a repaired one and what was wrong.
    static func valid(_ name: String) -> (String, String?) {
        if let normalized = try? EntryName.normalized(name) { return (normalized, nil) }
        // Control characters become spaces; each path segment is trimmed, empty ones dropped.
        let visible = String(String.UnicodeScalarView(name.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        var repaired = visible.split(separator: "/", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(while: \.isWhitespace) }
            .filter { !$0.isEmpty }
            .joined(separator: "/")
        while repaired.utf8.count > EntryName.maximumLength { repaired.removeLast() }
        while repaired.hasSuffix("/") || repaired.hasSuffix(" ") { repaired.removeLast() }
        if repaired.isEmpty { repaired = "untitled" }
        var why = "not a valid name"
        do {
            try EntryName.validate(name.nfcNormalized)
        } catch {
            if case .invalidName(_, let reason) = error { why = reason }
        }
        return ((try? EntryName.normalized(repaired)) ?? "untitled", name.isEmpty ? "the record has no name" : why)
    }
}

extension Substring {
    /// The text without leading and trailing characters that match.
    func trimmingCharacters(while matches: (Character) -> Bool) -> String {
        String(drop(while: matches).reversed().drop(while: matches).reversed())
    }
}
