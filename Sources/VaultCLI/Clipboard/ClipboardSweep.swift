import VaultCore
import VaultSystem

/// Empties the clipboards that still hold one of a vault's values, as a copy made by
/// `--clip` leaves them before its clearer runs: for `vault destroy`, which cannot leave a
/// password there for the clearer's delay. Like the clearer, it leaves alone whatever the
/// person copied since; a clipboard that cannot be read back (OSC 52, the terminal's) is left
/// too, as nothing tells that it holds a value of the vault's.
public enum ClipboardSweep {
    /// What became of one clipboard that holds one of the values.
    public enum Outcome: Equatable, Sendable {
        /// It was emptied; its name.
        case cleared(String)
        /// It could not be emptied: its name and why.
        case failed(String, String)
    }

    /// Empties every clipboard of `access`'s automatic choice that holds exactly one of
    /// `values`, and says what became of each; one that cannot be opened or read is not there
    /// for this purpose.
    public static func clear(holdingAnyOf values: [String], in access: ClipboardAccess) -> [Outcome] {
        let candidates = values.filter { !$0.isEmpty }.map { Array($0.utf8) }
        guard let longest = candidates.map(\.count).max() else { return [] }
        var outcomes: [Outcome] = []
        for backend in access.automatic {
            guard let clipboard = try? access.open(backend),
                  let content = try? clipboard.read(limit: longest + 1),
                  content.withUnsafeBytes({ held in candidates.contains { matches(held, $0) } })
            else { continue }
            do {
                try clipboard.clear()
                outcomes.append(.cleared(clipboard.name))
            } catch {
                outcomes.append(.failed(clipboard.name, error.message))
            }
        }
        return outcomes
    }

    /// Whether `held` is `value`, compared in constant time once the lengths agree.
    private static func matches(_ held: UnsafeRawBufferPointer, _ value: [UInt8]) -> Bool {
        held.count == value.count && value.withUnsafeBytes { Sodium.constantTimeEqual(held, $0) }
    }
}
