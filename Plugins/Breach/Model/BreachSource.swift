/// Where breach counts come from: the range API, a downloaded file, or a folder of range files.
protocol BreachSource: Sendable {
    /// How many times each hash was seen in breaches (0: never), in the order given.
    func counts(for hashes: [PasswordHash], progress: ProgressReporter?) async throws -> [Int]
}

/// Something told about each range that has been fetched.
protocol ProgressReporter: Sendable {
    func advance()
}
