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
    }

    /// The items with valid names, no two alike, and the renames made.
    public static func assign(_ items: [ImportedItem]) -> (items: [ImportedItem], renames: [Rename]) {
        var taken = Set<String>()
        var renames: [Rename] = []
        var result: [ImportedItem] = []
        result.reserveCapacity(items.count)
        for var item in items {
            let original = item.entry.name
            var (name, reason) = valid(original)
            if taken.contains(name) {
                name = free(name) { taken.contains($0) }
                reason = reason ?? "another record has the same name"
            }
            taken.insert(name)
            if let reason { renames.append(Rename(record: item.record, from: original, to: name, reason: reason)) }
            item.entry.name = name
            result.append(item)
        }
        return (result, renames)
    }

    /// `NAME (2)`, `NAME (3)`, … whichever is not `taken` first; a name too long for the suffix
    /// is shortened first, so the result is always a valid name.
    public static func free(_ name: String, taken: (String) -> Bool) -> String {
        var number = 2
        while true {
            let suffix = " (\(number))"
            var base = name
            while base.utf8.count + suffix.utf8.count > EntryName.maximumLength { base.removeLast() }
            while base.hasSuffix("/") || base.hasSuffix(" ") { base.removeLast() }
            let candidate = (base + suffix).nfcNormalized
            if !taken(candidate) { return candidate }
            number += 1
        }
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
