import Foundation
@testable import VaultCore
@testable import VaultSystem

/// A master password given by the test, standing in for a person at the terminal.
struct FixedPassword: PasswordSource {
    var text: String
    func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes {
        var bytes = Array(text.utf8)
        return try SecureBytes(consuming: &bytes)
    }
}

/// The cache guard of a test that has no store around its unlocker: every update goes through.
let unguarded = ImmediateCacheUpdates()

/// A fresh temporary folder for one test, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vault-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The repository's Fixtures folder.
enum Fixtures {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }
}
