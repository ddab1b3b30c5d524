import VaultCLI
import VaultCore
import VaultSystem
@testable import Generator

/// Secrets drawn from the real generator capability, as the tests inspect them.
enum Sampling {
    static let generator = PasswordGenerator()

    /// `count` passwords under `policy`, as their bytes.
    static func passwords(_ policy: CharacterPolicy, count: Int) async throws -> [[UInt8]] {
        try await onOwnThread {
            try (0..<count).map { _ in try generator.generate(.characters(policy)).secret.withUnsafeBytes { Array($0) } }
        }
    }

    /// `count` passphrases under `policy`.
    static func passphrases(_ policy: WordPolicy, count: Int) async throws -> [String] {
        try await onOwnThread { try (0..<count).map { _ in try generator.generate(.words(policy)).text } }
    }
}
