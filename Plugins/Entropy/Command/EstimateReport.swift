import VaultCore

/// An estimate as `vault entropy` prints it: text for a person, or one JSON object per line.
protocol EstimateReport {
    var estimate: StrengthEstimate { get }
    func text() -> String
    func json(into json: inout JSONWriter)
}
