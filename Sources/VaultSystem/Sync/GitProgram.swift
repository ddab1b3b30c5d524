import VaultCore
import FoundationEssentials

/// What runs git for a sync: `GitExecutable`, the program itself, for every command; a test
/// may stand something else in its place, to make git answer as it does when a remote refuses
/// a push or cannot be reached.
public protocol GitProgram: Sendable {
    /// Runs `git -C folder arguments…` to its end and returns what it left, whatever its status.
    func run(_ arguments: [String], in folder: String) throws(HelperProcessError) -> HelperProcess.ProgramOutput
}

/// The `git` program found on a `PATH`, run with the user's environment, so that their
/// configuration, credentials and SSH keys are git's as ever. Variables that would point git
/// at another repository (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`, as a hook has them)
/// are left out.
public struct GitExecutable: GitProgram {
    /// Where the program is.
    public let path: String
    private let environment: [String: String]

    /// Variables that make git work on a repository other than the folder's.
    private static let redirecting: Set<String> = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_PREFIX"]

    /// git from `environment`'s `PATH`, to be run with `environment`.
    public init(environment: [String: String]) throws(SyncError) {
        guard let path = ExecutableLookup.find("git", environment: environment) else { throw .gitMissing }
        self.path = path
        self.environment = environment.filter { !Self.redirecting.contains($0.key) }
    }

    public func run(_ arguments: [String], in folder: String) throws(HelperProcessError) -> HelperProcess.ProgramOutput {
        try HelperProcess.runProgram(path, ["-C", folder] + arguments, environment: environment)
    }
}
