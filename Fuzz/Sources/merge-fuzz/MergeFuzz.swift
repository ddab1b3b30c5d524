import FuzzSupport
import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The three-way merge as a property. The bytes are a script (`Script`, `Machine`): entries
/// made before stamps were kept, then commands on a third machine make the ancestor, and
/// commands on two machines, from it, make ours and theirs (adds, replacements, edits of every
/// part, renames, removals, with wall clocks that stand still or go back). Then the laws of
/// `VaultMerge` (its doc comment, docs/format.md's "Merging"):
///
/// - a copy merged with itself is itself, and a side that changed nothing since the ancestor
///   takes the other side's copy, stamps and tombstones included;
/// - the result does not depend on which side merges (apart from the report);
/// - nothing is lost that was not removed on one side and left alone on the other, and what
///   was is removed;
/// - a part changed on one side only comes through;
/// - every password either side had is the result's or in its history;
/// - names are unique and valid, the result is a table the store can write and read back;
/// - merging vault tables (`VaultFileMerge`, which skips what the copies share) gives the same.
///
/// The same copies are merged again without their ancestor (as when it is under keys neither
/// side has), where the laws that need no ancestor hold, and an entry is removed exactly when
/// the other side's tombstone is later than every stamp it has.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var script = Script(Fuzzer.bytes(data, size))
    let (base, ours, theirs): (VaultMerge.Copy, VaultMerge.Copy, VaultMerge.Copy)
    do { (base, ours, theirs) = try copies(&script) } catch {
        // The script makes only the changes commands make: the store must take them.
        Fuzzer.require(false, "the store refused a change a command makes: \(error)")
        return 0
    }
    if ProcessInfo.processInfo.environment["MERGE_FUZZ_SHOW"] != nil {
        for (name, copy) in [("base", base), ("ours", ours), ("theirs", theirs)] { FileHandle.standardError.write(Data("\(name) \(show(copy))\n".utf8)) }
    }
    checkLaws(base: base, ours: ours, theirs: theirs)
    checkLaws(base: nil, ours: ours, theirs: theirs)
    return 0
}

@_cdecl("merge_fuzz_main")
public func mergeFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzMerge)
}

let start: Int64 = 1_700_000_000_000

/// The ancestor, ours and theirs the script makes.
func copies(_ script: inout Script) throws -> (VaultMerge.Copy, VaultMerge.Copy, VaultMerge.Copy) {
    var legacy: [Entry] = []
    for index in 0..<Int(script.next() % 3) {
        let created = Date(timeIntervalSince1970: Double(start / 1000 - 86_400 * Int64(script.next() % 2)))
        let name = ["old", "a", "L"][index]
        legacy.append(Entry(name: name, password: script.pick(Machine.values), created: created, id: Entry.legacyID(name: name, created: created)))
    }
    let old = try Machine.copy(of: try Machine.table(VaultMerge.Copy(entries: legacy, state: VaultState())))
    var maker = try Machine(old, device: "cccccccccccccccc", milliseconds: start)
    for _ in 0..<(script.next() % 6) { try maker.change(&script) }
    let fork = maker.milliseconds + Int64(script.next()) * 100
    let base = try maker.copy()
    var ours = try Machine(base, device: "aaaaaaaaaaaaaaaa", milliseconds: fork)
    var theirs = try Machine(base, device: "bbbbbbbbbbbbbbbb", milliseconds: fork + (Int64(script.next()) - 128) * 10)
    let (oursSteps, theirsSteps) = (script.next() % 6, script.next() % 6)
    for index in 0..<max(oursSteps, theirsSteps) {
        if index < oursSteps { try ours.change(&script) }
        if index < theirsSteps { try theirs.change(&script) }
    }
    return (base, try ours.copy(), try theirs.copy())
}

/// The entries of a copy as values, by id: stamps left out, and the modification time too when
/// `modified` is false.
func values(_ copy: VaultMerge.Copy, modified: Bool = true) -> [String: Entry] {
    Dictionary(uniqueKeysWithValues: copy.entries.map { entry in
        var bare = entry
        bare.clocks = [:]
        if !modified { bare.modified = .distantPast }
        return (entry.id, bare)
    })
}

/// The entries as the store writes them: `Entry`'s `==` takes canonically equivalent text
/// (`vé` composed or not) as equal, bytes do not.
func lines(_ copy: VaultMerge.Copy) -> [[UInt8]] {
    copy.entries.map { try! EntryLine.encode($0).withUnsafeBytes { Array($0) } }
}

/// Each entry's stamps, by id.
func stamps(_ copy: VaultMerge.Copy) -> [String: [String: Stamp]] {
    Dictionary(uniqueKeysWithValues: copy.entries.map { ($0.id, $0.clocks) })
}

/// The laws for `base`, or those that need no ancestor when it is nil.
func checkLaws(base: VaultMerge.Copy?, ours: VaultMerge.Copy, theirs: VaultMerge.Copy) {
    let (result, report) = VaultMerge.merge(base: base, ours: ours, theirs: theirs)

    // Itself.
    for copy in [base, ours, theirs].compactMap({ $0 }) {
        let merged = VaultMerge.merge(base: base, ours: copy, theirs: copy).result
        Fuzzer.require(lines(merged) == lines(copy) && merged.state == copy.state, "a copy merged with itself changed: \(difference(merged, copy))")
    }
    // A side that changed nothing. The modification time is the later of the two
    // (documented), even when a clock set back made the changed side's the earlier: left out
    // here, checked on its own.
    if let base {
        for (unchanged, changed, merged) in [(base, theirs, VaultMerge.merge(base: base, ours: base, theirs: theirs).result),
                                             (base, ours, VaultMerge.merge(base: base, ours: ours, theirs: base).result),
                                             (theirs, result, VaultMerge.merge(base: theirs, ours: result, theirs: theirs).result)] {
            Fuzzer.require(values(merged, modified: false) == values(changed, modified: false),
                           "a side changed nothing, yet the result is not the other (\(unchanged.entries.count) entries unchanged): \(difference(merged, changed))")
            Fuzzer.require(stamps(merged) == stamps(changed) && merged.state == changed.state,
                           "a side changed nothing, yet the result's stamps or state are not the other's: \(difference(merged, changed))")
            let before = values(unchanged)
            for entry in merged.entries {
                let later = max(values(changed)[entry.id]!.modified, before[entry.id]?.modified ?? .distantPast)
                Fuzzer.require(entry.modified == later, "the modification time is not the later one")
            }
        }
    }

    // Whichever side merges.
    let swapped = VaultMerge.merge(base: base, ours: theirs, theirs: ours).result
    Fuzzer.require(values(swapped) == values(result), "the result depends on which side merges: \(difference(swapped, result))")
    Fuzzer.require(lines(swapped) == lines(result) && swapped.state == result.state, "the bytes or stamps of the result depend on which side merges: \(difference(swapped, result))")

    // Names, and a table the store can write.
    Fuzzer.require(Set(result.entries.map(\.name)).count == result.entries.count, "two entries of one name")
    for entry in result.entries {
        Fuzzer.require((try? EntryName.normalized(entry.name)) == entry.name, "a merged entry has an invalid name")
        Fuzzer.require((try? FieldName.validate(entry.fields.map(\.name))) != nil, "a merged entry has invalid field names")
    }
    let written: VaultMerge.Copy
    do { written = try Machine.copy(of: try Machine.table(result)) } catch {
        Fuzzer.require(false, "the result cannot be written: \(error)")
        return
    }
    Fuzzer.require(written.entries == result.entries && written.state == result.state, "the result reads back differently")
    let clocks = result.entries.flatMap(\.clocks.values) + [ours.state.clock, theirs.state.clock].compactMap { $0 }
    Fuzzer.require(clocks.allSatisfy { $0 <= result.state.clock! } || clocks.isEmpty, "the result's clock is behind a stamp")
    Fuzzer.require(Set(result.state.deleted.map(\.id)).isDisjoint(with: result.entries.map(\.id)), "a tombstone for an entry that stays")

    // The merge of tables gives the same.
    do {
        let tables = try VaultFileMerge.merge(base: base.map(Machine.table), ours: Machine.table(ours), theirs: Machine.table(theirs))
        let fromTables = try Machine.copy(of: tables.table)
        Fuzzer.require(fromTables.entries == result.entries && fromTables.state == result.state && tables.report == report,
                       "the merge of tables differs from the merge of entries")
    } catch {
        Fuzzer.require(false, "the merge of tables fails: \(error)")
    }

    checkNothingLost(base: base, ours: ours, theirs: theirs, result: result)
    let ourIDs = Set(ours.entries.map(\.id))
    Fuzzer.require(Set(report.added) == Set(result.entries.filter { !ourIDs.contains($0.id) }.map(\.name)), "the report's added entries are wrong")
}

/// Nothing lost, one-sided changes kept (removals too), every password kept.
func checkNothingLost(base: VaultMerge.Copy?, ours: VaultMerge.Copy, theirs: VaultMerge.Copy, result: VaultMerge.Copy) {
    let baseByID = Dictionary(uniqueKeysWithValues: (base?.entries ?? []).map { ($0.id, $0) })
    let resultByID = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.id, $0) })
    for (side, other) in [(ours, theirs), (theirs, ours)] {
        let otherByID = Dictionary(uniqueKeysWithValues: other.entries.map { ($0.id, $0) })
        // The latest tombstone of an id, as the merge takes it.
        let tombstones = Dictionary(other.state.deleted.map { ($0.id, $0) }) { $0.deleted >= $1.deleted ? $0 : $1 }
        for entry in side.entries {
            let original = baseByID[entry.id]
            // Removed on the other side and left alone on this one: with an ancestor, the
            // ancestor had it and this side's stamps are still its; without, the other side's
            // tombstone is at or after every stamp here.
            let removed: Bool
            if base != nil {
                removed = otherByID[entry.id] == nil && original.map { original in
                    EntryPart.all(original, entry).allSatisfy { entry.stamp(of: $0) == original.stamp(of: $0) }
                } ?? false
            } else {
                removed = otherByID[entry.id] == nil && tombstones[entry.id].map { tombstone in
                    entry.clocks.values.allSatisfy { $0 <= tombstone.deleted }
                } ?? false
            }
            guard let merged = resultByID[entry.id] else {
                Fuzzer.require(removed, "an entry was lost")
                continue
            }
            Fuzzer.require(!removed, "a removal on one side, the entry left alone on the other, did not come through")
            let passwords = ([merged.password].compactMap { $0 } + merged.history.map(\.password)).map { Array($0.utf8) }
            for password in [entry.password].compactMap({ $0 }) + entry.history.map(\.password) where !password.isEmpty {
                Fuzzer.require(passwords.contains(Array(password.utf8)), "a password was lost")
            }
            guard let original, let there = otherByID[entry.id] else { continue }
            for part in EntryPart.all(original, entry) {
                let mine = EntryPart.value(of: part, in: entry)
                guard mine != EntryPart.value(of: part, in: original), EntryPart.value(of: part, in: there) == EntryPart.value(of: part, in: original) else { continue }
                if part == "name" {
                    Fuzzer.require(merged.name == entry.name || isNumbered(merged.name, from: entry.name), "a rename on one side was lost")
                } else {
                    Fuzzer.require(EntryPart.value(of: part, in: merged) == mine, "a change of \(part) on one side was lost")
                }
            }
        }
    }
}

/// The first difference between two copies, for a failure's message.
func difference(_ a: VaultMerge.Copy, _ b: VaultMerge.Copy) -> String {
    if a.entries.count != b.entries.count { return "\(a.entries.map(\.name)) against \(b.entries.map(\.name))" }
    for (x, y) in zip(a.entries, b.entries) where x != y {
        var (x, y) = (x, y)
        if x.clocks == y.clocks { (x.clocks, y.clocks) = ([:], [:]) }
        return "\(x) against \(y)"
    }
    if a.state != b.state { return "state \(a.state) against \(b.state)" }
    return "none"
}

/// A copy for a person: each entry's name, id and stamps, then the state.
func show(_ copy: VaultMerge.Copy) -> String {
    (copy.entries.map { "\n  \($0.name.prefix(12)) \($0.id.prefix(8))…\($0.id.suffix(4)) \($0.clocks.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) pw \($0.password ?? "-") history \($0.history.map { "\($0.password)@\(Int($0.replaced.timeIntervalSince1970) % 1000)" })" }
        + ["\n  \(copy.state)"]).joined()
}

/// Whether `name` is `original (N)`, `original` maybe shortened to make room (`VaultMerge.numbered`).
func isNumbered(_ name: String, from original: String) -> Bool {
    (2...64).contains { VaultMerge.numbered(original, $0) == name }
}
