import VaultCore
import VaultSystem
import ArgumentParser

/// `--json`, for the commands that print data.
public struct OutputOptions: ParsableArguments {
    public init() {}

    @Flag(help: "Print JSON instead of text.")
    public var json = false

    /// Prints `report` the way asked: its text, or its JSON object on a line of its own.
    public func show(_ report: some PrintableReport, on output: OutputBuffer) throws {
        if json {
            try output.writeJSON(report.json(into:))
        } else {
            try output.write(report.text())
        }
    }
}

/// What a command prints about one thing it checked: text for a person, or one JSON object
/// (ending with its newline) for a program.
public protocol PrintableReport {
    func text() -> String
    func json(into json: inout JSONWriter)
}
