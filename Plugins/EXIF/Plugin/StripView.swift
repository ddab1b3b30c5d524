import PhotoMetadata
import VaultCLI
import VaultCore
import VaultSystem

/// What `vault exif --strip` did to one file, as a line of text or a JSON object.
struct StripView: PrintableReport {
    let source: String
    let destination: String
    /// Whether the source itself was replaced (--in-place).
    let replaced: Bool
    let result: StripResult

    func text() -> String {
        let target = replaced ? "stripped in place" : "-> \(TerminalText.visible(destination))"
        // Chunk names come from the file: escaped like any other text from it.
        let removed = result.removed.isEmpty ? "nothing to remove" : "removed " + result.removed.map(TerminalText.visible).joined(separator: ", ")
        let kept = result.kept.isEmpty ? "" : "; kept " + result.kept.map(TerminalText.visible).joined(separator: ", ")
        return "\(TerminalText.visible(source)) \(target): \(removed)\(kept)\n"
    }

    func json(into json: inout JSONWriter) {
        json.object { json in
            json.field("file", source)
            json.field("output", destination)
            json.field("format", result.format.rawValue)
            json.key("removed")
            json.array(result.removed) { $0.value($1) }
            json.key("kept")
            json.array(result.kept) { $0.value($1) }
            json.field("bytes", result.output.count)
        }
        json.newline()
    }
}
