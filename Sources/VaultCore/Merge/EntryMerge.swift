import FoundationEssentials

/// Merges two versions of one entry (same id) against the version they both come from, part by
/// part (`EntryPart`): a part changed on one side only takes that side; the same change on both
/// is one change; different changes take the later stamp, and the losing value is kept (a
/// password in the history, an attachment under the name `NAME (conflict STAMP DATE)`,
/// anything else in a field `conflict: PART (STAMP DATE)`, secret when the value was). The
/// password histories are joined.
struct EntryMerge {
    let base: Entry?
    let ours: Entry
    let theirs: Entry

    /// The merged entry and the parts both sides changed differently, with the side kept.
    func merged() -> (entry: Entry, conflicts: [(part: String, kept: MergeReport.Side)]) {
        var result = ours
        var conflicts: [(String, MergeReport.Side)] = []
        var kept: [(part: String, value: EntryPart.Value, stamp: Stamp)] = []
        for part in EntryPart.all(ours, theirs) {
            let mine = EntryPart.value(of: part, in: ours), other = EntryPart.value(of: part, in: theirs)
            let mineStamp = ours.stamp(of: part), otherStamp = theirs.stamp(of: part)
            if mine == other {
                // The later of the stamps the sides have for it. An unstamped part's stand-in
                // (its entry's `modified`, which a later edit of other parts moves) does not
                // count: a part neither side stamped stays unstamped, and a copy that changed
                // nothing merged with another keeps that one's stamps.
                result.clocks[part] = [ours.clocks[part], theirs.clocks[part]].compactMap { $0 }.max()
                continue
            }
            let side = winner(part, mine: mine, other: other, mineStamp: mineStamp, otherStamp: otherStamp)
            if side.conflict, part == "otp", let counted = Self.furtherCounter(mine, mineStamp, other, otherStamp) {
                // One HOTP secret used on both sides: the counter that went further, so no code
                // is ever given out twice (the labels of the later change).
                EntryPart.set(part, to: counted, in: &result)
                result.clocks[part] = max(mineStamp, otherStamp)
                continue
            }
            if side.conflict { conflicts.append((part, side.kept)) }
            let (value, stamp, lost, lostStamp) = side.kept == .ours
                ? (mine, mineStamp, other, otherStamp) : (other, otherStamp, mine, mineStamp)
            EntryPart.set(part, to: value, in: &result)
            result.clocks[part] = stamp
            if side.conflict { kept.append((part, lost, lostStamp)) }
        }
        // Stamps of parts this version does not know: the later of the two.
        for (key, stamp) in theirs.clocks where !key.hasPrefix("field:") && !key.hasPrefix("attachment:") && !EntryPart.builtIn.contains(key) {
            result.clocks[key] = max(result.clocks[key] ?? stamp, stamp)
        }
        result.history = Self.joined(ours.history, theirs.history)
        result.fields = ordered(result.fields, name: \.name, in: { $0.fields.map(\.name) }, part: EntryPart.field)
        result.attachments = ordered(result.attachments, name: \.name, in: { $0.attachments.map(\.name) }, part: EntryPart.attachment)
        for (part, value, stamp) in kept { keep(value, of: part, stamp: stamp, in: &result) }
        result.created = min(ours.created, theirs.created)
        result.modified = max(ours.modified, theirs.modified)
        return (result, conflicts)
    }

    /// Which side's value of `part` stands, and whether both sides changed it.
    private func winner(
        _ part: String, mine: EntryPart.Value, other: EntryPart.Value, mineStamp: Stamp, otherStamp: Stamp
    ) -> (kept: MergeReport.Side, conflict: Bool) {
        if let base {
            // A side left the part alone when it has the base's value and, in `clock`, the base's
            // stamp (its stand-in, for a base older than stamps) or none: one changed and
            // changed back has a later stamp, which the merge must not drop.
            let (original, originalStamp) = (EntryPart.value(of: part, in: base), base.stamp(of: part))
            if mine == original && (ours.clocks[part] ?? originalStamp) == originalStamp { return (.theirs, false) }
            if other == original && (theirs.clocks[part] ?? originalStamp) == originalStamp { return (.ours, false) }
        }
        if otherStamp != mineStamp { return (otherStamp > mineStamp ? .theirs : .ours, true) }
        // The same stamp for two values: only entries of files older than stamps, changed on
        // both sides at the same second. The larger value (by bytes) wins, whichever side merges.
        return (other > mine ? .theirs : .ours, true)
    }

    /// The merged fields (or attachments) in the order of the side that has just these (when
    /// the two sides do not disagree on it, or one of them kept the base's order and the other
    /// changed it), else in the base's order with the new ones after it, by the stamp of their
    /// last change and then by name: the same whichever side merges. `names` gives the names
    /// an entry has, in its order; `part` the part of a name.
    private func ordered<Item>(
        _ items: [Item], name: (Item) -> String, in names: (Entry) -> [String], part: (String) -> String
    ) -> [Item] {
        let present = items.map(name)
        let mine = names(ours).filter(present.contains), other = names(theirs).filter(present.contains)
        let byName = Dictionary(items.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        for order in [mine, other] where order.count == present.count && (mine == other || Set(mine) != Set(other)) {
            return order.compactMap { byName[$0] }
        }
        let original = (base.map(names) ?? []).filter(present.contains)
        // Both sides have every field, in different orders: one of them reordered them.
        if mine.count == present.count && other.count == present.count && (mine == original || other == original) {
            return (mine == original ? other : mine).compactMap { byName[$0] }
        }
        let added = present.filter { !original.contains($0) }.sorted { a, b in
            let (stampA, stampB) = (stamp(of: part(a)), stamp(of: part(b)))
            return stampA != stampB ? stampA < stampB : a < b
        }
        return (original + added).compactMap { byName[$0] }
    }

    private func stamp(of part: String) -> Stamp {
        max(ours.stamp(of: part), theirs.stamp(of: part))
    }

    /// Keeps a value that lost a conflict: a password in the history, an attachment under
    /// another name, anything else as a field.
    private func keep(_ value: EntryPart.Value, of part: String, stamp: Stamp, in entry: inout Entry) {
        if case .attachment(var attachment?) = value {
            attachment.name = Self.conflictName(of: attachment, stamp: stamp, in: entry)
            entry.setAttachment(attachment)
            entry.clocks[EntryPart.attachment(attachment.name)] = stamp
            return
        }
        guard let text = value.text, !text.isEmpty else { return }
        if part == "password" {
            let bytes = Array(text.utf8)
            if !entry.history.contains(where: { $0.password.utf8.elementsEqual(bytes) }) && !(entry.password?.utf8.elementsEqual(bytes) ?? false) {
                let change = PasswordChange(password: text, replaced: EntryDates.canStore(stamp.date) ? stamp.date.toTheSecond : entry.modified)
                // In the order `joined` gives (by date, then password), so a merge again keeps it.
                entry.history.insert(change, at: entry.history.firstIndex { Self.precedes(change, $0) } ?? entry.history.endIndex)
            }
            return
        }
        let secret = part == "otp" || value.isSecret
        let label = part.hasPrefix("field:") ? String(part.dropFirst("field:".count)) : part
        var name = "conflict: \(label) (\(stamp.date.toTheSecond.formatted(.iso8601)))"
        var number = 2
        while entry.field(named: name) != nil && entry.field(named: name)?.value != text {
            name = "conflict: \(label) (\(stamp.date.toTheSecond.formatted(.iso8601))) (\(number))"
            number += 1
        }
        entry.setField(CustomField(name: name, value: text, secret: secret))
        entry.clocks[EntryPart.field(name)] = stamp
    }

    /// The name under which an attachment that lost a conflict is kept: `STEM (conflict DATE).EXT`
    /// (a number after the date when another content has that name), the stem shortened to
    /// keep the name within 255 bytes.
    static func conflictName(of attachment: Attachment, stamp: Stamp, in entry: Entry) -> String {
        // An extension is a short last part after a dot that does not start the name.
        let dot = attachment.name.lastIndex(of: ".").flatMap { $0 == attachment.name.startIndex || attachment.name[$0...].utf8.count > 16 ? nil : $0 }
        var stem = String(attachment.name[..<(dot ?? attachment.name.endIndex)])
        let suffix = dot.map { String(attachment.name[$0...]) } ?? ""
        let date = stamp.date.toTheSecond.formatted(.iso8601)
        var number = 1
        while true {
            let mark = " (conflict \(date)\(number > 1 ? " \(number)" : ""))" + suffix
            while !stem.isEmpty && stem.utf8.count + mark.utf8.count > 255 { stem.removeLast() }
            let name = stem + mark
            if entry.attachment(named: name).map({ $0.content == attachment.content }) ?? true { return name }
            number += 1
        }
    }

    /// Two HOTP settings of the same secret, algorithm, digits and encoding: the later one's
    /// labels with the larger of the two counters; nil for anything else.
    private static func furtherCounter(_ a: EntryPart.Value, _ stampA: Stamp, _ b: EntryPart.Value, _ stampB: Stamp) -> EntryPart.Value? {
        guard case .text(let first?) = a, case .text(let second?) = b,
              let x = try? OTPAuthURI.parse(first), let y = try? OTPAuthURI.parse(second),
              case .hotp(let counterX) = x.kind, case .hotp(let counterY) = y.kind,
              x.secret == y.secret, x.algorithm == y.algorithm, x.digits == y.digits, x.encoding == y.encoding
        else { return nil }
        var later = stampB > stampA || (stampB == stampA && b > a) ? y : x
        later.kind = .hotp(counter: max(counterX, counterY))
        return .text(OTPAuthURI.render(later))
    }

    /// Both histories: one of them as it is when it holds every change of the other, counted,
    /// and more (so a history only one side added to keeps its order, even one a clock set back
    /// left out of order), else all of them by date. The same earlier password recorded on both
    /// sides (each replaced it at its own time) is one change, its first date standing; a
    /// password one side retired more often than the other keeps those later changes too, so
    /// that a merge again adds nothing. Passwords are compared by their bytes.
    private static func joined(_ a: [PasswordChange], _ b: [PasswordChange]) -> [PasswordChange] {
        // Holding the same changes in another order (a clock set back on one side), neither is
        // taken as it is: whichever side merges, they are sorted.
        if a.map(key) == b.map(key) { return a }
        // Counted, not as sets: a change recorded twice on one side (the same password retired
        // twice in one second) is two changes.
        let inA = counts(a), inB = counts(b)
        if inA != inB {
            if inB.allSatisfy({ inA[$0.key, default: 0] >= $0.value }) { return a }
            if inA.allSatisfy({ inB[$0.key, default: 0] >= $0.value }) { return b }
        }
        var joined: [PasswordChange] = []
        for password in Set((a + b).map { Array($0.password.utf8) }) {
            let mine = a.filter { $0.password.utf8.elementsEqual(password) }.sorted(by: precedes)
            let other = b.filter { $0.password.utf8.elementsEqual(password) }.sorted(by: precedes)
            // The n-th retirement of the password on one side is the n-th on the other.
            joined += (0..<max(mine.count, other.count)).map { n in
                guard n < mine.count else { return other[n] }
                guard n < other.count else { return mine[n] }
                return precedes(other[n], mine[n]) ? other[n] : mine[n]
            }
        }
        return joined.sorted(by: precedes)
    }

    /// The order of a joined history: by date, then by the password's bytes.
    private static func precedes(_ x: PasswordChange, _ y: PasswordChange) -> Bool {
        x.replaced != y.replaced ? x.replaced < y.replaced : x.password.utf8.lexicographicallyPrecedes(y.password.utf8)
    }

    /// A change as bytes: its date and its password's bytes.
    private static func key(_ change: PasswordChange) -> [UInt8] {
        Array("\(change.replaced.timeIntervalSince1970)\u{0}".utf8) + Array(change.password.utf8)
    }

    /// How often each change comes in `history`.
    private static func counts(_ history: [PasswordChange]) -> [[UInt8]: Int] {
        history.reduce(into: [:]) { counts, change in counts[key(change), default: 0] += 1 }
    }
}
