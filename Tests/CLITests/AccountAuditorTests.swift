import CLITestSupport
import Foundation
import SystemPackage
import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// The breach plugin's `exposed-account` auditor, as `vault audit` reaches it: through the
/// registered plugins and the `EntryAuditor` protocol, against a `fake-hibp` of its own.
@Suite("the exposed-account auditor")
struct AccountAuditorTests {
    /// The registered auditor reporting `exposed-account`.
    static func auditor() throws -> any EntryAuditor {
        let auditors = InProcessVault.plugins.plugins.flatMap(\.capabilities).compactMap { $0 as? any EntryAuditor }
        return try #require(auditors.first { $0.kinds.map(\.id).contains("exposed-account") }, "no auditor reports exposed-account")
    }

    /// Runs `body` with a context whose standard streams are /dev/null (no terminal, so no
    /// progress bar), closed afterwards.
    static func withContext<Result>(_ body: (CommandContext) async throws -> Result) async throws -> Result {
        let null = try FileDescriptor.open("/dev/null", .readWrite, options: .closeOnExec)
        defer { try? null.close() }
        let environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        return try await body(InProcessVault.context(environment: environment, streams: StandardStreams(input: null, output: null, error: null)))
    }

    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    /// Two entries with alice's address (in a user name and in a plain field), one with an
    /// address in no breach, one without any; the key's entry is outside the audited ones.
    static let entries = [
        Entry(name: "mail", username: "alice@example.org", password: "m-1", created: created),
        Entry(name: "shop", username: "shopper", password: "s-1",
              fields: [CustomField(name: "contact", value: "Alice@Example.org", secret: false)], created: created),
        Entry(name: "forum", username: "carol@example.net", password: "f-1", created: created),
        Entry(name: "bank", username: "bob", password: "b-1", created: created),
    ]
    static let keyEntry = Entry(name: "hibp/api-key", password: AccountData.apiKey, created: created)

    @Test("skipped without --accounts; with it, one finding per entry holding a breached address, with the breaches as details")
    func findings() async throws {
        let auditor = try Self.auditor()
        try await Self.withContext { context in try await Self.findings(auditor, context) }
    }

    private static func findings(_ auditor: any EntryAuditor, _ context: CommandContext) async throws {
        var request = AuditRequest(now: Date())
        #expect(try auditor.coverage(of: request, in: context) == .skipped("give --accounts"))
        let kind = try #require(auditor.kinds.first)
        #expect(auditor.kinds.count == 1 && kind.severity == .finding && kind.title == "exposed accounts")

        try await FakeRangeServer.with(accounts: try AccountData.file(), apiKey: AccountData.apiKey) { server in
            request.accounts = AuditRequest.AccountsRequest(apiURL: server.accountsURL, apiKeyEntry: "hibp/api-key")
            #expect(try auditor.coverage(of: request, in: context) == .checked)
            #expect(try server.requests().isEmpty, "coverage asks nothing")
            let vault = AuditedVault(entries: entries, allEntries: entries + [keyEntry])
            let contribution = try await auditor.audit(vault, request: request, in: context)

            let message = "its address alice@example.org is in 2 known breaches (Adobe 2013-10-04, Linked 2012-05-05)"
            let breaches = AuditValue.list([
                .object(["name": .text("Adobe"), "title": .text("Adobe (test)"), "domain": .text("adobe.example"), "date": .text("2013-10-04"),
                         "data_classes": .texts(["Email addresses", "Password hints", "Passwords", "Usernames"])]),
                .object(["name": .text("Linked"), "title": .text("Linked (test)"), "domain": .text("linked.example"), "date": .text("2012-05-05"),
                         "data_classes": .texts(["Email addresses", "Passwords"])]),
            ])
            #expect(contribution.findings == [
                EntryFinding(kind, entry: "mail", message: message, details: ["account": .text("alice@example.org"), "breaches": breaches]),
                EntryFinding(kind, entry: "shop", message: message, details: ["account": .text("alice@example.org"), "breaches": breaches]),
            ])
            #expect(contribution.scores.isEmpty)
            let requests = try BreachCommandTests.requests(server)
            #expect(requests.map(\.path) == ["/api/v3/breachedaccount/alice@example.org?truncateResponse=false",
                                             "/api/v3/breachedaccount/carol@example.net?truncateResponse=false"], "\(requests)")
            #expect(requests.allSatisfy { $0.apiKey == "ok" })
        }
    }

    @Test("a missing key entry is the command's error: exit 4, saying how to add one")
    func missingKey() async throws {
        var request = AuditRequest(now: Date())
        request.accounts = AuditRequest.AccountsRequest(apiURL: "http://127.0.0.1:1/api/v3", apiKeyEntry: "hibp/api-key")
        let vault = AuditedVault(entries: Self.entries, allEntries: Self.entries)
        do {
            _ = try await Self.withContext { context in try await Self.auditor().audit(vault, request: request, in: context) }
            Issue.record("the audit went ahead without a key")
        } catch let failure as any VaultFailure {
            #expect(failure.exitStatus == .notFound && failure.message.contains("vault add hibp/api-key"), "\(failure.message)")
        }
    }
}
