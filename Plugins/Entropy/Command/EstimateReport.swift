import VaultCLI
import VaultCore
import VaultSystem

/// An estimate as `vault entropy` prints it: text for a person, or one JSON object per line.
protocol EstimateReport: PrintableReport {
    var estimate: StrengthEstimate { get }
}
