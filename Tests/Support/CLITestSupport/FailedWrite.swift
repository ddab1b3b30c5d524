import Foundation
import Testing

/// What a write that failed halfway must leave behind, for the tests of failed writes (a
/// file-size limit, a full file system).
package enum FailedWrite {
    /// The names in a folder, hidden ones included.
    package static func contents(of folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    /// Checks what a failed write must leave behind, then that the next add goes through
    /// without waiting for a lock.
    package static func expectIntact(
        _ result: VaultResult, fixture: VaultFixture, vaultPath: String, before: Data, folderBefore: Set<String>,
        environment: [String: String?], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        expectFailure(result, status: 1, mentioning: vaultPath, sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: URL(fileURLWithPath: vaultPath)) == before, sourceLocation: sourceLocation)
        let folder = (vaultPath as NSString).deletingLastPathComponent
        #expect(try contents(of: folder) == folderBefore, "no temporary file may be left", sourceLocation: sourceLocation)
    }
}
