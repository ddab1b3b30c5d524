import VaultCLI
import VaultCore
import VaultSystem

/// The verdict for one e-mail address: the breaches it was found in, each with its date and
/// what it exposed (the API's HTML description is never shown), and, for `--accounts`, the
/// entries that hold the address. Everything from the API goes through `TerminalText`.
struct AccountReport: PrintableReport {
    let address: String
    /// The entries holding the address, when it came from the vault.
    let entries: [String]?
    let breaches: [AccountBreach]

    func text() -> String {
        let count = breaches.count
        var text = TerminalText.visible(address) + ": "
            + (count == 0 ? "not found in known breaches\n" : "found in \(count) breach\(count == 1 ? "" : "es")\n")
        if let entries { text += "  in entries: " + entries.map(TerminalText.visible).joined(separator: ", ") + "\n" }
        for breach in breaches {
            let exposed = breach.dataClasses.map(TerminalText.visible).joined(separator: ", ")
            text += "  \(TerminalText.visible(breach.name)) (\(breach.date))" + (exposed.isEmpty ? "\n" : ": \(exposed)\n")
        }
        return text
    }

    /// `{"account", "found", "entries" (for --accounts), "breaches": [{"name", "title",
    /// "domain", "date", "data_classes"}]}` and a newline.
    func json(into json: inout JSONWriter) {
        json.object { json in
            json.field("account", address)
            json.field("found", !breaches.isEmpty)
            if let entries {
                json.key("entries")
                json.array(entries) { json, name in json.value(name) }
            }
            json.key("breaches")
            json.array(breaches) { json, breach in
                json.object { json in
                    json.field("name", breach.name)
                    json.field("title", breach.title)
                    json.field("domain", breach.domain)
                    json.field("date", breach.date)
                    json.key("data_classes")
                    json.array(breach.dataClasses) { json, dataClass in json.value(dataClass) }
                }
            }
        }
        json.newline()
    }
}
