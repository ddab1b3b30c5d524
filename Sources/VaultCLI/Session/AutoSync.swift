import VaultCore
import VaultSystem

/// `"sync": {"auto": true}` in the config: after each change a command writes, the vault's
/// files are committed to the repository the vault is synced through, and with `"push": true`
/// synced with its remote as `vault sync` does. The change itself has taken effect by then, so
/// a failure here is a warning, never the command's failure.
enum AutoSync {
    /// Commits (or syncs) the change the session just wrote, if the config asks for it.
    static func afterChange(in session: VaultSession) {
        guard let config = try? session.config(), config.syncAuto else { return }
        // A team vault is synced when it was set up for it (vault sync init): the setting is
        // the person's, and not every team vault they use is kept in git.
        if (try? session.store.header())?.isTeam == true, (try? session.repository().mergesWithVault()) != true { return }
        let push = config.syncPush
        do {
            let sync = try session.synchronizer()
            if push {
                tell(try sync.run(push: true), diagnostics: session.diagnostics)
            } else {
                _ = try sync.commit()
            }
        } catch let failure as VaultFailure {
            session.diagnostics.warning("the change is made but not \(push ? "synced" : "committed"): \(failure.message)")
        } catch {
            session.diagnostics.warning("the change is made but not \(push ? "synced" : "committed"): \(error)")
        }
    }

    /// What a person should know of a sync made on the side: conflicts settled, and a master
    /// password taken from another machine.
    private static func tell(_ outcome: VaultSync.Outcome, diagnostics: Diagnostics) {
        let conflicts = outcome.incoming.reduce(0) { count, incoming in
            if case .merged(let report?, _) = incoming { return count + report.conflicts.count }
            return count
        }
        if conflicts > 0 {
            diagnostics.notice("synced with changes from another machine; \(conflicts) conflict\(conflicts == 1 ? "" : "s") settled (the later change kept; see vault sync status, git log)")
        }
        if outcome.passwordChangedElsewhere {
            diagnostics.notice("the master password was changed on another machine: the vault now opens with that one")
        }
        if outcome.contentsMissing > 0 {
            diagnostics.notice("\(outcome.contentsMissing) attachment content(s) named by the vault are on neither this machine nor the remote (vault attach get says which)")
        }
        // A team vault's: its members changed, or a copy from before a removal was left out in part.
        for incoming in outcome.incoming {
            switch incoming {
            case .merged(let report?, _), .fastForward(let report?, _): tellTeam(report, diagnostics: diagnostics)
            default: continue
            }
        }
    }

    /// What a sync of a team vault brought that its members should know.
    private static func tellTeam(_ report: MergeReport, diagnostics: Diagnostics) {
        for change in report.members { diagnostics.notice("synced a change of the team's members: \(change)") }
        if let left = report.beforeRemoval?.sentence { diagnostics.notice("synced; \(left)") }
    }
}
