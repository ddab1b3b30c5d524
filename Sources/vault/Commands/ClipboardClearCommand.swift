import ArgumentParser
import Foundation
import VaultCore

/// The detached process that clears the clipboard later; started by `--clip`, not by people.
struct ClipboardClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clipboard-clear",
        abstract: "Clear the clipboard after a delay (internal; started by --clip).",
        shouldDisplay: false)

    func run() throws {
        ClipboardClearer.run(environment: ProcessInfo.processInfo.environment)
    }
}
