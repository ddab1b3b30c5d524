import CLITestSupport
import Foundation
import Testing

/// `vault run` started the way some launchers start programs: with SIGCHLD ignored, which a
/// process inherits across exec. The command's exit status must still be vault's.
@Suite("vault run: exit status under an ignored SIGCHLD")
struct RunProcessStatusTests {
    @Test("the command's exit status comes back though vault was started with SIGCHLD ignored", arguments: [[:], ["DB": "vault://web/github"]])
    func ignoredChildSignal(variables: [String: String]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let result = try await RunProcessPipeTests.shell(
            fixture, #"env --ignore-signal=CHLD "$VAULT" run -- sh -c 'echo "$DB"; exit 42'"#, variables: variables)
        #expect(result.termination == .exited(42), "\(result)")
        #expect(result.stdout == (variables.isEmpty ? "\n" : ConcealedOutput.marker + "\n"), "\(result)")
    }
}
