import PhotoMetadata
import VaultCLI
import VaultCore
import VaultSystem

/// A photo's metadata as `vault exif` prints it: the GPS position, the privacy-relevant items by
/// category and the names in its colour profile (every item with `--all`), or one JSON object.
struct ReportView: PrintableReport {
    let path: String
    let report: PhotoReport
    let all: Bool

    private var shown: [MetadataItem] {
        report.itemsByCategory.filter { all || $0.category.isPrivate || $0.category == .profile }
    }

    func text() -> String {
        let verdict = report.hasPrivateMetadata ? "privacy-relevant metadata found" : "no privacy-relevant metadata"
        var lines = ["\(TerminalText.visible(path)): \(report.format.rawValue), \(verdict)"]
        if let gps = report.gps {
            var position = "taken at \(ValueText.shortDecimal(gps.latitude)), \(ValueText.shortDecimal(gps.longitude))"
            if let altitude = gps.altitude { position += ", altitude \(ValueText.shortDecimal(altitude)) m" }
            if let time = gps.time { position += ", GPS time \(TerminalText.visible(time))" }
            lines += ["  location   " + position, "             map: " + gps.mapLink]
        }
        let width = shown.map { $0.name.count }.max() ?? 0
        for item in shown {
            let name = item.name + String(repeating: " ", count: width - item.name.count)
            let category = item.category.rawValue + String(repeating: " ", count: max(1, 11 - item.category.rawValue.count))
            lines.append("  \(category)\(TerminalText.visible(name))  \(TerminalText.visible(Self.clipped(item.value)))  [\(item.group)]")
        }
        let hidden = report.items.count - shown.count
        if hidden > 0 { lines.append("  (\(hidden) more field\(hidden == 1 ? "" : "s") about the picture itself; --all shows them)") }
        lines += report.problems.map { "  note       " + TerminalText.visible($0) }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Long values (a caption, a packet) are cut for the terminal; JSON has them whole.
    private static func clipped(_ value: String) -> String {
        value.count > 200 ? String(value.prefix(200)) + "…" : value
    }

    func json(into json: inout JSONWriter) {
        json.object { json in
            json.field("file", path)
            json.field("format", report.format.rawValue)
            json.field("private", report.hasPrivateMetadata)
            json.key("gps")
            if let gps = report.gps {
                json.object { json in
                    json.field("latitude", gps.latitude)
                    json.field("longitude", gps.longitude)
                    json.field("altitude", gps.altitude)
                    json.field("time", gps.time)
                    json.field("map", gps.mapLink)
                }
            } else {
                json.value(nil as String?)
            }
            json.key("orientation")
            if let orientation = report.orientation { json.value(orientation) } else { json.value(nil as String?) }
            json.field("thumbnails", report.thumbnails)
            json.key("items")
            json.array(shown) { json, item in
                json.object { json in
                    json.field("group", item.group)
                    json.field("name", item.name)
                    json.field("value", item.value)
                    json.field("category", item.category.rawValue)
                    json.field("private", item.category.isPrivate)
                }
            }
            json.key("problems")
            json.array(report.problems) { $0.value($1) }
        }
        json.newline()
    }
}
