import VaultKit

/// `"sync": {"auto": true}` in the config: after each change a command writes, the vault's
/// files are committed to the repository the vault is synced through, and with `"push": true`
/// synced with its remote as `vault sync` does. The change itself has taken effect by then, so
/// a failure here is a warning, never the command's failure.
enum AutoSync {
    static func commit(_ store: VaultStore, unlocker: Unlocker, push: Bool, options: VaultOptions, in context: CommandContext) {
        do {
            let sync = try options.synchronizer(store: store, unlocker: unlocker, in: context)
            if push {
                _ = try sync.run(push: true)
            } else {
                _ = try sync.commit()
            }
        } catch let failure as VaultFailure {
            context.diagnostics.warning("the change is made but not \(push ? "synced" : "committed"): \(failure.message)")
        } catch {
            context.diagnostics.warning("the change is made but not \(push ? "synced" : "committed"): \(error)")
        }
    }
}
