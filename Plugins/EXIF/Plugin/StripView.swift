import PhotoMetadata
import VaultCore

/// What `vault exif --strip` did to one file, as a line of text or a JSON object.
struct StripView {
    let source: String
    let destination: String
    let result: StripResult

    func text() -> String {
        let target = source == destination ? "stripped in place" : "-> \(TerminalText.visible(destination))"
        let removed = result.removed.isEmpty ? "nothing to remove" : "removed " + result.removed.joined(separator: ", ")
        let kept = result.kept.isEmpty ? "" : "; kept " + result.kept.joined(separator: ", ")
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
