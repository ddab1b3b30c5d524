/// Waits for something another process does after a delay (a clipboard cleared, a helper
/// gone): checks `condition` every `interval` until it holds or `limit` has passed, and says
/// whether it held. The limit is generous on purpose, a guard against hanging rather than a
/// measure of speed.
package func eventually(
    within limit: Duration, every interval: Duration = .milliseconds(50), _ condition: () async throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: interval)
    }
}
