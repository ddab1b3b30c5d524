import VaultCore
import VaultSystem

/// The git a command's sync runs: the `git` program on the environment's `PATH` for the
/// process; a test may give one that answers some commands as a failing remote would.
public struct GitAccess: Sendable {
    private let find: @Sendable () throws(SyncError) -> any GitProgram

    /// Git as `find` gives it, asked for when a command first needs it (a missing git fails
    /// only the commands that sync).
    public init(_ find: @escaping @Sendable () throws(SyncError) -> any GitProgram) {
        self.find = find
    }

    /// The git to run; fails when there is none.
    public func program() throws(SyncError) -> any GitProgram { try find() }

    /// The `git` on `environment`'s `PATH`, run with `environment`.
    public static func system(environment: [String: String]) -> GitAccess {
        GitAccess { () throws(SyncError) in try GitExecutable(environment: environment) }
    }

    /// The repository of the vault file at `vaultPath`, worked on by this git.
    public func repository(of vaultPath: String) throws(SyncError) -> SyncRepository {
        SyncRepository(vaultPath: vaultPath, program: try program())
    }
}
