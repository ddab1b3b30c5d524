import VaultCore

/// Something told about each range that has been fetched.
protocol ProgressReporter: Sendable {
    func advance()
}

extension ProgressBar: ProgressReporter {}
