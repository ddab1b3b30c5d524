import Foundation
import Testing

/// External `vault-NAME` plugins for a fixture: the repository's example `vault-hello`, or a
/// shell script a test writes, installed where `vault` looks for them. A run that should find
/// them gets its location's `environment`: PATH starting with the fixture's own `bin` folder,
/// and XDG_DATA_HOME for the location that needs it.
package enum ExternalPluginFiles {
    /// `Plugins/External/vault-hello` in this repository.
    package static let hello = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Plugins/External/vault-hello").path

    /// Where a plugin can be put.
    package enum Location: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A folder on PATH.
        case path = "on PATH"
        /// `$HOME/.local/share/vault-plugins`.
        case pluginFolder = "in ~/.local/share/vault-plugins"
        /// `$XDG_DATA_HOME/vault-plugins`, with XDG_DATA_HOME set.
        case dataHomeFolder = "in $XDG_DATA_HOME/vault-plugins"

        package var testDescription: String { rawValue }

        package func folder(in fixture: VaultFixture) -> String {
            switch self {
            case .path: return fixture.path("bin")
            case .pluginFolder: return fixture.path(".local/share/vault-plugins")
            case .dataHomeFolder: return fixture.path("data/vault-plugins")
            }
        }

        /// The environment changes for a run that should find plugins put here.
        package func environment(in fixture: VaultFixture) -> [String: String?] {
            ["PATH": fixture.path("bin") + ":" + (fixture.environment["PATH"] ?? "/usr/bin:/bin"),
             "XDG_DATA_HOME": self == .dataHomeFolder ? fixture.path("data") : nil]
        }
    }

    /// Copies the file at `source` to `vault-NAME` at `location`, executable; returns its path.
    @discardableResult
    package static func install(_ source: String, as name: String, at location: Location, in fixture: VaultFixture) throws -> String {
        try install(try Data(contentsOf: URL(fileURLWithPath: source)), as: name, at: location, in: fixture)
    }

    /// Writes a `/bin/sh` script with `body` as `vault-NAME` at `location`; returns its path.
    @discardableResult
    package static func script(_ body: String, as name: String, at location: Location = .path, in fixture: VaultFixture) throws -> String {
        try install(Data(("#!/bin/sh\n" + body + "\n").utf8), as: name, at: location, in: fixture)
    }

    private static func install(_ contents: Data, as name: String, at location: Location, in fixture: VaultFixture) throws -> String {
        let folder = location.folder(in: fixture)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try VaultFixture.writeFile(folder + "/vault-" + name, contents, mode: 0o700)
    }
}
