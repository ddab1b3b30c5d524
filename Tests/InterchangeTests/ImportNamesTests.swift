import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// Names made valid and unique: `NAME (2)`, `NAME (3)`, … skipping numbers already in use.
struct ImportNamesTests {
    private func assigned(_ names: [String]) -> [String] {
        let items = names.enumerated().map { ImportedItem(entry: Entry(name: $1, created: importTime), record: "item \($0 + 1)") }
        return ImportNames.assign(items).items.map(\.entry.name)
    }

    @Test func duplicatesAreNumberedInOrder() {
        #expect(assigned(["x", "x", "x"]) == ["x", "x (2)", "x (3)"])
        #expect(assigned(["x", "x (2)", "x", "x"]) == ["x", "x (2)", "x (3)", "x (4)"])
        #expect(assigned(["x", "x", "x (2)"]) == ["x", "x (2)", "x (2) (2)"])
        #expect(assigned(["x (3)", "x", "x", "x", "x"]) == ["x (3)", "x", "x (2)", "x (4)", "x (5)"])
        #expect(assigned(["a//b", "a/b", "a/b", ""]) == ["a/b", "a/b (2)", "a/b (3)", "untitled"])
    }

    // A name too long for its suffix is shortened, without a space left before the suffix.
    @Test func aLongNameIsShortenedForItsSuffix() {
        let long = String(repeating: "a", count: EntryName.maximumLength - 5) + " bcde"
        let names = assigned([long, long, long])
        #expect(names[1] == String(repeating: "a", count: EntryName.maximumLength - 5) + " (2)")
        #expect(names[2] == String(repeating: "a", count: EntryName.maximumLength - 5) + " (3)")
    }

    // Every duplicate continues from the number the one before it took (this used to start
    // again at 2 each time, hours for 100,000 rows).
    @Test func manyDuplicatesAreNumbered() {
        let names = assigned(Array(repeating: "x", count: 20_000))
        #expect(names == ["x"] + (2...20_000).map { "x (\($0))" })
    }

    // The cost, counted in names tried rather than timed: about one try per duplicate, where
    // starting again at 2 each time takes N²/2 (2,000,000 here). Both ways names are kept
    // apart: from earlier results only (records), and from every name given too (KeePass keys).
    @Test(arguments: [false, true])
    func numberingTriesAboutOneNamePerDuplicate(avoidingEveryName: Bool) {
        let count = 2_000
        let given = Array(repeating: "x", count: count) + ["x (2)"]
        var tries = 0
        let names = ImportNames.distinct(given) { name in
            tries += 1
            return avoidingEveryName && name == "x (2)"
        }
        let numbers = avoidingEveryName ? Array(3...count + 1) : Array(2...count)
        #expect(names == ["x"] + numbers.map { "x (\($0))" } + [avoidingEveryName ? "x (2)" : "x (2) (2)"])
        #expect(tries <= 3 * count, "\(tries) names tried for \(count) duplicates")
    }

    @Test func fieldNamesSkipReservedAndUsedNames() {
        var fields = FieldList()
        for name in ["url", "url", "url (2)", "password", "", "field"] { fields.add(name, "v", secret: false) }
        #expect(fields.fields.map(\.name) == ["url (2)", "url (3)", "url (2) (2)", "password (2)", "field", "field (2)"])
    }

    // The numbering remembers where each name stopped, and still skips names taken since.
    @Test func numberingSkipsNamesTakenLater() {
        var taken: Set<String> = ["x"]
        var numbering = ImportNames.Numbering()
        let first = numbering.free("x", taken: taken.contains)
        taken.formUnion([first, "x (3)"])
        #expect(first == "x (2)" && numbering.free("x", taken: taken.contains) == "x (4)")
    }
}
