import VaultCore
import VaultSystem

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
    /// of one name take a try or two each, not up to 100,000). Its results are those of trying
    /// every number from 2, as long as a name once taken stays taken.
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
        let repaired = items.map { valid($0.entry.name) }
        let names = distinct(repaired.map(\.name)) { _ in false }
        var renames: [Rename] = []
        var result = items
        for index in result.indices {
            let original = items[index].entry.name
            let reason = repaired[index].reason ?? (names[index] == repaired[index].name ? nil : "another record has the same name")
            if let reason { renames.append(Rename(record: items[index].record, from: original, to: names[index], reason: reason)) }
            result[index].entry.name = names[index]
        }
        return (result, renames)
    }

    /// The names in order, each one that came before numbered apart (`NAME (2)`, `NAME (3)`, …)
    /// from every name given so far and every name `claimed` says is taken. One `Numbering`
    /// serves them all, so that N copies of a name take about N tries, not N²/2.
    static func distinct(_ names: [String], claimed: (String) -> Bool) -> [String] {
        var given = Set<String>()
        var numbering = Numbering()
        var result: [String] = []
        result.reserveCapacity(names.count)
        for var name in names {
            if given.contains(name) { name = numbering.free(name) { claimed($0) || given.contains($0) } }
            given.insert(name)
            result.append(name)
        }
        return result
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
    static func valid(_ name: String) -> (name: String, reason: String?) {
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
