import Foundation
import Testing

/// The X clipboard (the CLIPBOARD selection) of the test process's display, read and set with
/// xclip the way a person's other programs would.
package enum X11Clipboard {
    package static let xclip = ExternalProgram.find("xclip")

    /// Whether there is a display and xclip to reach it.
    package static var isAvailable: Bool {
        !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty && xclip != nil
    }

    /// What the clipboard holds now; empty when it holds nothing or has no owner.
    package static func read(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(["-selection", "clipboard", "-out"], sourceLocation: sourceLocation)
        return result.status == 0 ? result.stdout : ""
    }

    /// Puts `text` into the clipboard, as a copy in another program would.
    package static func write(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await run(["-selection", "clipboard", "-in"], stdin: Data(text.utf8), sourceLocation: sourceLocation)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    }

    private static func run(_ arguments: [String], stdin: Data? = nil, sourceLocation: SourceLocation) async throws -> VaultResult {
        let xclip = try #require(xclip, "xclip is not installed", sourceLocation: sourceLocation)
        let names = ["DISPLAY", "XAUTHORITY", "PATH"]
        let environment = ProcessInfo.processInfo.environment.filter { names.contains($0.key) }
        return try await ExternalProgram.probe(xclip, arguments, stdin: stdin, environment: environment, timeout: .seconds(10))
    }
}
