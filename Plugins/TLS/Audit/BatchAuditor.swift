import VaultCLI

/// Audits many endpoints the same way, at most `concurrency` at a time, with a progress bar
/// on a terminal: `vault tls` (one endpoint, `--entry`, `--all`) and `vault audit --tls`.
struct BatchAuditor: Sendable {
    /// How many endpoints are audited at once.
    static let concurrency = 8

    let settings: AuditSettings

    /// The audits, in the order of `endpoints`.
    func audit(_ endpoints: [Endpoint], progressOn streams: StandardStreams) async -> [EndpointAudit] {
        let auditor = EndpointAuditor(settings: settings)
        let progress = ProgressBar(total: endpoints.count, label: "auditing sites", streams: streams)
        defer { progress?.finish() }
        var results = [EndpointAudit?](repeating: nil, count: endpoints.count)
        await withTaskGroup(of: (Int, EndpointAudit).self) { group in
            var next = 0
            func startNext() {
                guard next < endpoints.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await auditor.audit(endpoints[index])) }
            }
            for _ in 0..<min(Self.concurrency, endpoints.count) { startNext() }
            while let (index, audit) = await group.next() {
                results[index] = audit
                progress?.advance()
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
