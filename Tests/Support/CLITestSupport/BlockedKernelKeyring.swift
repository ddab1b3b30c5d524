import Foundation
import Testing

/// `vault` run under `deny-keyctl`, a seccomp filter that fails the key retention service's
/// system calls with `errno`, as some container runtimes do.
package struct BlockedKernelKeyring {
    package var errno: String

    package init(errno: String) { self.errno = errno }

    /// What strerror says for the errno.
    package var reason: String { errno == "ENOSYS" ? "Function not implemented" : "Operation not permitted" }

    /// The command line that runs `vault arguments…` so: for wrappers such as with-keyring.
    package func commandLine(_ arguments: [String]) -> [String] {
        [ServerProcess.binary("deny-keyctl"), errno, VaultBinary.path] + arguments
    }

    package func run(
        _ fixture: VaultFixture, _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:]
    ) async throws -> VaultResult {
        var environment = fixture.environment
        for (name, value) in changes { environment[name] = value }
        let command = commandLine(arguments)
        try #require(FileManager.default.isExecutableFile(atPath: command[0]), "no deny-keyctl at \(command[0]): build with `swift build --build-tests`")
        return try await ExternalProgram.run(command[0], Array(command.dropFirst()), stdin: stdin.map { Data($0.utf8) }, environment: environment)
    }
}
