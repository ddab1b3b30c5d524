import Foundation
@testable import Interchange
import VaultCore
import VaultSystem

/// The files under Fixtures/ at the top of the package.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// A fixed "now" for records without dates.
let importTime = Date(timeIntervalSince1970: 1_800_000_000)

extension Importer.Result {
    /// The entry called `name`, or nil.
    func entry(_ name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
