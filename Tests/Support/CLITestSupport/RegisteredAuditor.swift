import Foundation
import SystemPackage
import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// An `EntryAuditor` the built-in plugins register, found and run in-process as `vault audit`
/// runs it: through the registry `InProcessVault` uses, in a context of the fixture's
/// environment whose standard output and error are files, read back after the run.
package struct RegisteredAuditor {
    package let auditor: any EntryAuditor
    package let fixture: VaultFixture

    /// The registered auditor that reports the kind `id`.
    package init(reporting id: String, in fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        auditor = try #require(
            InProcessVault.plugins.capabilities((any EntryAuditor).self).first { $0.kinds.contains { $0.id == id } },
            "no registered auditor reports \(id)", sourceLocation: sourceLocation)
        self.fixture = fixture
    }

    /// What it finds in `entries` (all of them audited), with what it wrote on standard error.
    package func audit(_ entries: [Entry], request: AuditRequest) async throws -> (contribution: AuditContribution, stderr: String) {
        let errorPath = fixture.path("io/auditor-\(UUID().uuidString).err")
        let input = try FileDescriptor.open("/dev/null", .readOnly, options: .closeOnExec)
        let output = try FileDescriptor.open("/dev/null", .writeOnly, options: .closeOnExec)
        let errors = try FileDescriptor.open(errorPath, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: .ownerReadWrite)
        defer { for descriptor in [input, output, errors] { try? descriptor.close() } }
        let context = InProcessVault.context(
            environment: fixture.environment, streams: StandardStreams(input: input, output: output, error: errors))
        let contribution = try await auditor.audit(AuditedVault(entries: entries, allEntries: entries), request: request, in: context)
        return (contribution, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Whether it runs for `request`.
    package func coverage(of request: AuditRequest) throws -> AuditCoverage {
        try auditor.coverage(of: request, in: InProcessVault.context(environment: fixture.environment, streams: .process))
    }
}
