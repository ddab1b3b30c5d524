import VaultCore
import VaultSystem

/// What a sync or a merge did, as lines for a person: names only, never a value.
enum SyncReportText {
    static func lines(_ outcome: VaultSync.Outcome) -> [String] {
        var lines: [String] = []
        if outcome.committed { lines.append("Committed this machine's changes.") }
        guard let upstream = outcome.upstream else {
            lines.append("No remote, so nothing was fetched or pushed (add one with vault sync init REMOTE).")
            return lines
        }
        var arrived = false
        for incoming in outcome.incoming {
            switch incoming {
            case .nothing:
                continue
            case .fastForward(let report, let why):
                lines += describe("From \(upstream):", report, why, upstream)
            case .merged(let report, let why):
                lines += describe("Merged the changes from \(upstream) with this machine's:", report, why, upstream)
            }
            arrived = true
        }
        if !arrived { lines.append("Nothing new from \(upstream).") }
        if outcome.passwordChangedElsewhere {
            lines.append("The master password was changed on another machine: the vault now opens with that one.")
        }
        if outcome.contentsMissing > 0 {
            lines.append(missingContents(outcome.contentsMissing))
        }
        if let pushed = outcome.pushed {
            lines.append("Pushed to \(pushed).")
        } else {
            lines.append(outcome.upToDate ? "Nothing to push: \(upstream) has it all." : "Not pushed (--no-push).")
        }
        return lines
    }

    /// The outcome in one line, for the security log: what was committed, what came in (as
    /// counts of entries; for a team vault, the changes of members and the names of what was
    /// not taken from a copy made before a removal), what was pushed.
    static func summary(_ outcome: VaultSync.Outcome) -> String {
        var parts: [String] = outcome.committed ? ["committed"] : []
        for incoming in outcome.incoming {
            switch incoming {
            case .nothing:
                continue
            case .fastForward(let report, _), .merged(let report, _):
                guard let report else {
                    parts.append("took the remote's changes")
                    continue
                }
                parts.append("merged: \(report.added.count) added, \(report.changed.count) changed, \(report.removed.count) removed, \(report.conflicts.count) conflicts")
                parts += report.members.map { "members: \($0)" }
                if let left = report.beforeRemoval?.sentence { parts.append(left) }
            }
        }
        if let upstream = outcome.upstream { parts.append(outcome.pushed == nil ? "not pushed to \(upstream)" : "pushed to \(upstream)") }
        if outcome.passwordChangedElsewhere { parts.append("the master password changed elsewhere") }
        return parts.isEmpty ? "nothing to do" : parts.joined(separator: "; ")
    }

    /// What to say of attachment contents the vault names that neither side has.
    static func missingContents(_ count: Int) -> String {
        "\(count) attachment\(count == 1 ? "'s content is" : "s' contents are") named by the vault but on neither this machine nor the remote (vault attach get says which; vault attach rm removes one)."
    }

    /// A heading and the report under it, or why there is no report.
    private static func describe(_ heading: String, _ report: MergeReport?, _ why: String?, _ upstream: String) -> [String] {
        guard let report else { return ["Took the changes from \(upstream) (not listed: \(why ?? "the vault could not be opened"))."] }
        return [heading] + lines(report).map { "  " + $0 }
    }

    static func lines(_ report: MergeReport) -> [String] {
        var lines: [String] = []
        func list(_ verb: String, _ names: [String]) {
            if !names.isEmpty { lines.append("\(verb) \(names.count) (\(names.joined(separator: ", ")))") }
        }
        list("added", report.added)
        list("changed", report.changed)
        list("removed", report.removed)
        for change in report.members { lines.append("members: \(change)") }
        if let left = report.beforeRemoval?.sentence { lines.append(left) }
        for conflict in report.conflicts {
            switch conflict {
            case .bothChanged(let entry, let part, let kept):
                lines.append("conflict in \(entry): \(part) changed on both sides; kept \(kept == .ours ? "ours" : "theirs") (the later change), the other kept \(part == "password" ? "in the history" : "in a conflict field")")
            case .editBeatsRemoval(let entry):
                lines.append("conflict: \(entry) was removed on one side and changed on the other; it stays")
            case .sameName(let name, let renamedTo):
                lines.append("conflict: two entries were called \(name); the later is now \(renamedTo)")
            }
        }
        if lines.isEmpty { lines.append("nothing to merge") }
        return lines
    }
}
