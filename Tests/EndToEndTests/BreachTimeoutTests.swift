import CLITestSupport
import Testing

/// `vault breach --timeout` against a range server that never answers: an error once the time has
/// passed, held to a time limit only a process can be held to (the other failures of the API are
/// BreachCommandTests.Failures, in CLITests).
@Suite("vault breach: a server that never answers")
struct BreachTimeoutTests {
    @Test("a server that never answers is an error once --timeout has passed")
    func hang() async throws {
        try await FakeRangeServer.with(data: BreachData.passwordOnly, options: ["--fail", "hang"]) { server in
            let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL, "--timeout", "1"],
                                                      stdin: "password\n", timeout: .seconds(60))
            expectFailure(result, status: 1, mentioning: "no complete answer within 1 s")
            #expect(!result.stdout.contains("not found"), "\(result)")
        }
    }
}
