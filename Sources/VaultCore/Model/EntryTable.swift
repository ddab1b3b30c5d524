import FoundationEssentials

/// The decrypted entries: the vault's entries as JSON lines sorted by name, then (versions 4 and
/// 5) the vault's state (`VaultState`); in version 5 each line is a decrypted entry, and
/// `origin` tells which sealed record it came from. Lookups are a binary search over the raw lines, so
/// `vault get` decodes one entry however large the vault is, and a change re-encodes only the
/// entries it touches. The plaintext stays in guarded memory.
///
/// While a change is being made (`beginChange`), every part that `put` changes is stamped
/// (`Entry.clocks`), and `remove` leaves a tombstone, unless the same entry is put back in the
/// same change (a rename).
public final class EntryTable {
    private enum Line {
        case original(Range<Int>)
        case changed(SecureBytes)
    }

    private let content: SecureBytes
    private var lines: [Line]
    /// The vault's clock and tombstones.
    public private(set) var state: VaultState
    /// The stamps of the change being made, and the wall time it is made at.
    private var clock: HybridClock?
    private var now: Date?
    /// Entries removed in the change being made, by id: one put back is renamed, not removed.
    private var removedInChange: [String: Entry] = [:]
    /// The content ids of attachments that entries changed or removed in this change named
    /// before and no longer do: their sealed files may now be unreferenced (`attachmentContents`).
    public private(set) var releasedContents: Set<String> = []
    /// The sealed records the lines of `content` were opened from (format version 5).
    private(set) var origin: SealedOrigin?
    /// For a team vault, the member whose change this is: every entry the change seals, and the
    /// tombstones, are signed by them (`Authorship`). A team vault's change without one is not
    /// written.
    public var author: MemberIdentity?
    /// For a team vault's merge: the authorship of the entries of the copies merged, which an
    /// entry sealed again as it was keeps (`CarriedAuthorships`).
    var carried: CarriedAuthorships?
    /// The names of a table opened for a change to their entries alone (`SealedFileEdit`),
    /// which knows nothing of the other entries: asking it of another name, or of every entry,
    /// is a caller's mistake. Nil for a table of every entry.
    var scope: Set<String>?

    /// Splits and checks the first `length` bytes of a decrypted payload: every line must carry
    /// a name, in strictly increasing byte order (which also rules out duplicates).
    public init(content: SecureBytes, length: Int? = nil) throws(VaultOpenError) {
        self.content = content
        var ranges: [Range<Int>] = []
        var state = VaultState()
        let problem: String? = content.withUnsafeBytes { (whole) -> String? in
            let bytes = UnsafeRawBufferPointer(rebasing: whole[0..<(length ?? whole.count)])
            guard !bytes.isEmpty else { return nil }
            guard bytes[bytes.count - 1] == UInt8(ascii: "\n") else { return "the payload does not end with a newline" }
            var start = 0
            var previous: UnsafeRawBufferPointer? = nil
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A)!
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                if VaultState.isStateLine(line) {
                    guard end + 1 == bytes.count else { return "the vault's state is not the last line" }
                    guard let decoded = try? VaultState.decodeLine(line) else { return "the vault's state line cannot be decoded" }
                    state = decoded
                    break
                }
                let check = EntryLine.withName(of: line) { name in
                    (order: previous.flatMap { EntryLine.withName(of: $0) { compareNames($0, name) } } ?? -1,
                     composed: EntryName.isComposed(name))
                }
                guard let check else { return "entry \(ranges.count + 1) has no name" }
                if check.order >= 0 { return "entries are not sorted by name, or a name appears twice" }
                if !check.composed { return "the name of entry \(ranges.count + 1) is not in Unicode NFC" }
                previous = line
                ranges.append(start..<end)
                start = end + 1
            }
            return nil
        }
        if let problem { throw .malformedPayload(problem) }
        lines = ranges.map { .original($0) }
        self.state = state
    }

    /// A table of the lines at `ranges` of `content` (decrypted records of a version 5 file, in
    /// any order), which must each carry a name, all different and in NFC, and `state`;
    /// `origin` tells which record each line was opened from.
    init(
        content: SecureBytes, lines ranges: [Range<Int>], state: VaultState, origin: SealedOrigin, work: ParallelWork = .serial
    ) throws(VaultOpenError) {
        self.content = content
        // Names are compared where they are, in guarded memory, as `search` compares them.
        let sorted: Result<[Range<Int>], VaultOpenError> = content.withUnsafeBytes { bytes in
            func line(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }
            // Each line checked, and where its name is found once (nil for a name with escapes,
            // decoded at each comparison); in parallel, as the lines are read and never written.
            let named: [(line: Range<Int>, name: Range<Int>?)]
            do throws(VaultOpenError) {
                named = try work.map(ranges, minimumPartLength: SealedEntries.recordsPerPart) { (range) throws(VaultOpenError) in
                    guard !line(range).contains(0x0A), let composed = EntryLine.withName(of: line(range), EntryName.isComposed) else {
                        throw .malformedPayload("an entry has no name")
                    }
                    guard composed else { throw .malformedPayload("the name of an entry is not in Unicode NFC") }
                    return (line: range, name: EntryLine.plainName(in: line(range)).map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) })
                }
            } catch {
                return .failure(error)
            }
            func order(_ a: (line: Range<Int>, name: Range<Int>?), _ b: (line: Range<Int>, name: Range<Int>?)) -> Int {
                guard let first = a.name, let second = b.name else { return Self.orderOfNames(line(a.line), line(b.line)) }
                return compareNames(line(first), line(second))
            }
            let sorted = named.sorted { order($0, $1) < 0 }
            for index in sorted.indices.dropFirst() where order(sorted[index - 1], sorted[index]) == 0 {
                return .failure(.malformedPayload("a name appears twice"))
            }
            return .success(sorted.map(\.line))
        }
        lines = try sorted.get().map { .original($0) }
        self.state = state
        self.origin = origin
    }

    /// A table of `entries` (names unique; any order) and `state`, as a merge makes it.
    public convenience init(entries: [Entry], state: VaultState) throws {
        try self.init(content: try SecureBytes(count: 0), length: 0)
        let sorted = entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for (index, entry) in sorted.enumerated() where index > 0 && sorted[index - 1].name == entry.name {
            throw VaultOpenError.malformedPayload("two entries are called \(entry.name)")
        }
        lines = try sorted.map { .changed(try EntryLine.encode($0)) }
        self.state = state
    }

    /// Starts stamping: the parts `put` changes from now on get stamps from `origin`'s device,
    /// after every stamp the vault has seen; and anchors where that device's security log
    /// stands, when it went on from the anchor the vault has (`ChangeOrigin.logAnchor`). The
    /// store calls it before a command's change.
    public func beginChange(origin: ChangeOrigin) throws {
        let device = try origin.device()
        clock = HybridClock(device: device, latest: state.clock)
        if let anchor = origin.logAnchor(device, state.log.anchors[device]) { state.log.anchors[device] = anchor }
        now = origin.now()
        removedInChange = [:]
        releasedContents = []
    }

    /// Makes a team identity for the vault's owner, stamped as this change, and keeps it
    /// (format version 8); returns it. Identities are never removed.
    public func makeIdentity() throws -> IdentitySecret {
        guard let stamp = nextStamp() else { preconditionFailure("an identity is made in a change begun with beginChange") }
        let identity = try IdentitySecret.generate(created: stamp)
        state.identities = IdentitySecret.merged(state.identities, [identity])
        return identity
    }

    /// Gives a new team vault its change log of members (`vault team init`).
    public func found(_ log: TeamLog) {
        state.team = log
    }

    /// Changes a team vault's members (`vault team add`, `rm`) with `change`, which gets the
    /// current log and this change's stamp; returns the new log, which the change writes.
    public func changeTeam(_ change: (TeamLog, Stamp) throws -> TeamLog) throws -> TeamLog {
        guard let current = state.team else { throw VaultOpenError.notATeamVault }
        guard let stamp = nextStamp() else { preconditionFailure("a team is changed in a change begun with beginChange") }
        let changed = try change(current, stamp)
        state.team = changed
        return changed
    }

    /// Records that the keys were just made anew (`passwd`, `rekey`), so that a merge takes
    /// this header over an older one.
    public func stampKeys() {
        if let stamp = nextStamp() { state.keys = stamp }
    }

    /// Keeps the event log's secret key of `dataKey`, which is being replaced, among the
    /// retired ones, so that the events sealed to it stay readable.
    public func retireEventLogKey(of dataKey: SecureBytes) throws {
        state.log.retire(try SealedBoxKeyPair(dataKey: dataKey))
    }

    private func nextStamp() -> Stamp? {
        guard var clock, let now else { return nil }
        let stamp = clock.next(at: now)
        self.clock = clock
        state.clock = clock.latest
        return stamp
    }

    /// Takes a stamp the vault now holds as seen (`VaultState.clock`): later stamps come after it.
    private func observe(_ stamp: Stamp) {
        guard var clock else { return }
        clock.observe(stamp)
        self.clock = clock
        state.clock = clock.latest
    }

    public var count: Int {
        requireWhole()
        return lines.count
    }

    private func requireWhole() {
        precondition(scope == nil, "a table opened for some entries was asked about all of them")
    }

    private func withLine<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch lines[index] {
        case .original(let range):
            return try content.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        case .changed(let line):
            return try line.withUnsafeBytes(body)
        }
    }

    private func name(at index: Int) -> String {
        withLine(index) { line in EntryLine.withName(of: line) { String(decoding: $0, as: UTF8.self) } } ?? ""
    }

    /// Where `name` is, or where it would be inserted.
    private func search(_ name: String) -> (index: Int, found: Bool) {
        precondition(scope?.contains(name) ?? true, "a table opened for some entries was asked about another")
        let target = Array(name.utf8)
        return target.withUnsafeBytes { target in
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                let order = withLine(middle) { line in EntryLine.withName(of: line) { compareNames($0, target) } } ?? -1
                if order == 0 { return (middle, true) }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return (low, false)
        }
    }

    public func contains(_ name: String) -> Bool { search(name).found }

    /// All names, in order.
    public var names: [String] {
        requireWhole()
        return (0..<lines.count).map(name(at:))
    }

    /// The entry called `name`, decoded.
    public func entry(named name: String) throws -> Entry? {
        let (index, found) = search(name)
        guard found else { return nil }
        return try decodeEntry(at: index)
    }

    /// Every entry, decoded, in name order.
    public func allEntries() throws -> [Entry] {
        requireWhole()
        return try (0..<lines.count).map(decodeEntry(at:))
    }

    /// The name, type, password and the custom fields named in `fields` of every entry of
    /// `type`, in name order, in memory wiped on release; no other entry is read (as the SSH
    /// agent reads its keys, no login's password becomes a value in its memory) and no other
    /// value of these entries is decoded. A line is read only when its bytes hold the type's
    /// name as a whole JSON string (`"ssh-key"`, however the member around it is spaced: inside
    /// another string the quotes would be escaped), or any `\u` escape (a line could spell the
    /// type with one). A line not in the form `EntryLine.encode` writes (from another writer) is
    /// decoded as an entry, whose strings are copied but not wiped.
    public func secrets(ofType type: EntryType, fields: Set<String>) throws -> [EntrySecrets] {
        requireWhole()
        let member = Array("\"\(type.rawValue)\"".utf8)
        let escape = Array("\\u".utf8)
        return try (0..<lines.count).compactMap { index in
            guard type == .login || withLine(index, { $0.firstRange(of: member) != nil || $0.firstRange(of: escape) != nil }) else {
                return nil
            }
            let secrets = try withLine(index) { EntrySecretReader.secrets(in: $0, fields: fields) }
                ?? EntrySecrets(copying: try decodeEntry(at: index), fields: fields)
            return secrets.type == type ? secrets : nil
        }
    }

    private func decodeEntry(at index: Int) throws -> Entry {
        do {
            return try withLine(index, EntryLine.decode)
        } catch {
            throw VaultOpenError.malformedPayload("entry \(index + 1) cannot be decoded")
        }
    }

    /// Adds `entry`, or replaces the entry of the same name. While a change is being made, the
    /// parts that differ from the entry's last version (the one of the same id under this name,
    /// or removed in this change) get a new stamp; an entry of another id that had the name is
    /// removed, leaving a tombstone.
    public func put(_ entry: Entry) throws {
        var entry = entry
        let (index, found) = search(entry.name)
        if clock != nil {
            let previous = found ? try decodeEntry(at: index) : nil
            let before = previous?.id == entry.id ? previous : removedInChange[entry.id]
            let parts = before.map { EntryPart.changed(from: $0, to: entry) } ?? EntryPart.present(in: entry)
            if let previous { release(previous, keeping: entry) }
            if let previous, previous.id != entry.id { bury(previous) }
            // The stamps of the last version stand for the parts this one leaves as they were
            // (an entry put twice in one change carries the stamps of its first version).
            if let before {
                entry.clocks.merge(before.clocks) { max($0, $1) }
                // A part of an entry older than stamps keeps the time it had, not a later
                // `modified` this change sets.
                // That time is now a stamp the vault holds, so the clock goes past it.
                for part in EntryPart.all(before, entry) where entry.clocks[part] == nil {
                    entry.clocks[part] = before.stamp(of: part)
                    observe(before.stamp(of: part))
                }
            }
            if !parts.isEmpty, let stamp = nextStamp() {
                for part in parts { entry.clocks[part] = stamp }
            }
            removedInChange[entry.id] = nil
            state.deleted.removeAll { $0.id == entry.id }
        }
        let line = try EntryLine.encode(entry)
        if found {
            lines[index] = .changed(line)
        } else {
            lines.insert(.changed(line), at: index)
        }
    }

    /// Removes the entry called `name`, leaving a tombstone while a change is being made;
    /// `false` when there was none.
    @discardableResult
    public func remove(named name: String) throws -> Bool {
        let (index, found) = search(name)
        guard found else { return false }
        if clock != nil {
            let entry = try decodeEntry(at: index)
            release(entry, keeping: nil)
            bury(entry)
        }
        lines.remove(at: index)
        return true
    }

    /// The state to write: the tombstones past the horizon dropped when a change is made.
    func stateForWrite() -> VaultState {
        if let now { state.forgetOldTombstones(now: now) }
        return state
    }

    /// Calls `body` with each entry's line, in name order, and the record it was opened from
    /// when it is still as it was opened from a version 5 file (nil otherwise).
    func forEachLine(_ body: (UnsafeRawBufferPointer, SealedEntries.Record?) throws -> Void) rethrows {
        for index in lines.indices {
            var record: SealedEntries.Record?
            if case .original(let range) = lines[index] { record = origin?.record(startingAt: range.lowerBound) }
            try withLine(index) { try body($0, record) }
        }
    }

    /// Notes the contents `old` names that `new` does not.
    private func release(_ old: Entry, keeping new: Entry?) {
        let kept = Set(new?.attachments.map(\.content) ?? [])
        releasedContents.formUnion(old.attachments.map(\.content).filter { !kept.contains($0) })
    }

    /// The content ids every entry's attachments name; only lines that may hold attachments
    /// (the member's name in quotes, as any writer spells it unescaped, or any `\u` escape)
    /// are decoded.
    public func attachmentContents() throws -> Set<String> {
        requireWhole()
        let member = Array("\"attachments\"".utf8)
        let escape = Array("\\u".utf8)
        var contents: Set<String> = []
        for index in lines.indices where withLine(index, { $0.firstRange(of: member) != nil || $0.firstRange(of: escape) != nil }) {
            contents.formUnion(try decodeEntry(at: index).attachments.map(\.content))
        }
        return contents
    }

    private func bury(_ entry: Entry) {
        removedInChange[entry.id] = entry
        guard let stamp = nextStamp() else { return }
        state.deleted.removeAll { $0.id == entry.id }
        state.deleted.append(Tombstone(id: entry.id, name: entry.name, deleted: stamp))
    }

    /// The payload content: each entry's line followed by a newline, then the state line (its
    /// tombstones past the horizon dropped) when the vault has a clock or tombstones.
    public func serialized() throws -> SecureBytes {
        requireWhole()
        let state = stateForWrite()
        let stateLine = state == VaultState() ? [] : try state.encodedLine() + [0x0A]
        var total = stateLine.count
        for index in lines.indices { total += withLine(index) { $0.count } + 1 }
        let output = try SecureBytes(count: total)
        output.withUnsafeMutableBytes { out in
            var offset = 0
            for index in lines.indices {
                withLine(index) { line in
                    if !line.isEmpty { (out.baseAddress! + offset).copyMemory(from: line.baseAddress!, byteCount: line.count) }
                    offset += line.count
                }
                out[offset] = 0x0A
                offset += 1
            }
            for byte in stateLine {
                out[offset] = byte
                offset += 1
            }
        }
        return output
    }
}

/// What a merge of copies needs of their tables: which entries two copies share byte for byte
/// (and so need no decoding), and a table of the kept lines and the merged entries.
extension EntryTable {
    /// The pairs of line indexes, here and in `other`, whose lines are the same byte for byte:
    /// an entry neither copy changed since they parted.
    func identicalLines(in other: EntryTable) -> [(mine: Int, theirs: Int)] {
        requireWhole()
        other.requireWhole()
        var pairs: [(mine: Int, theirs: Int)] = []
        var mine = 0, theirs = 0
        while mine < lines.count && theirs < other.lines.count {
            let (order, same) = withLine(mine) { a in
                other.withLine(theirs) { b in
                    let order = Self.orderOfNames(a, b)
                    return (order, order == 0 && a.elementsEqual(b))
                }
            }
            if same { pairs.append((mine, theirs)) }
            if order <= 0 { mine += 1 }
            if order >= 0 { theirs += 1 }
        }
        return pairs
    }

    /// Every entry but those at the indexes `skipped`, decoded, in name order.
    func entries(skipping skipped: Set<Int>) throws -> [Entry] {
        try lines.indices.filter { !skipped.contains($0) }.map(decodeEntry(at:))
    }

    /// Every entry but those at the indexes `skipped`, decoded, in name order, each with the
    /// index of its line.
    func indexedEntries(skipping skipped: Set<Int>) throws -> [(index: Int, entry: Entry)] {
        try lines.indices.filter { !skipped.contains($0) }.map { ($0, try decodeEntry(at: $0)) }
    }

    /// The bytes of the line at `index`, in memory of their own wiped on release (not guarded
    /// pages: a merge may copy every line of a vault).
    func lineCopy(at index: Int) throws -> SecureBytes {
        try withLine(index) { line in
            let copy = try SecureBytes(count: line.count, protection: .wipedOnRelease)
            copy.withUnsafeMutableBytes { $0.copyMemory(from: line) }
            return copy
        }
    }

    /// A table of this table's lines at `kept`, the lines `copied` (another table's, as they
    /// were) and `entries`, in name order, with `state`; two entries of one name are refused.
    func keeping(_ kept: [Int], copying copied: [SecureBytes] = [], adding entries: [Entry], state: VaultState) throws -> EntryTable {
        let table = try EntryTable(content: content, length: 0)
        table.origin = origin
        let unsorted = kept.map { lines[$0] } + copied.map { Line.changed($0) } + (try entries.map { Line.changed(try EntryLine.encode($0)) })
        table.lines = unsorted
        table.lines = unsorted.indices.sorted { table.orderOfNames(at: $0, $1) < 0 }.map { unsorted[$0] }
        for index in table.lines.indices.dropFirst() where table.orderOfNames(at: index - 1, index) == 0 {
            throw VaultOpenError.malformedPayload("two entries are called \(table.name(at: index))")
        }
        table.state = state
        return table
    }

    private func orderOfNames(at first: Int, _ second: Int) -> Int {
        withLine(first) { a in withLine(second) { b in Self.orderOfNames(a, b) } }
    }

    /// How the names of two lines compare (checked lines always have one).
    private static func orderOfNames(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        EntryLine.withName(of: a) { name in EntryLine.withName(of: b) { compareNames(name, $0) } ?? 1 } ?? -1
    }
}
