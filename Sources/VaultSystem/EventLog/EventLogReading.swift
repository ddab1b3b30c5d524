import VaultCore

/// The security log of a vault opened with its keys: every device's chain in the folder,
/// checked against the vault's anchors and opened with its log keys (the data key's and the
/// retired ones), and the files that are not segments of any.
public struct EventLogReading: Sendable {
    /// Each device's chain, this device's first.
    public var chains: [EventLogVerification]
    /// Files in the folder that are not segments.
    public var unreadable: [String]

    /// Reads `files` with the keys and anchors of `vault`, whose device here is `device`.
    public init(files: EventLogFiles, vault: OpenVault, device: String?) throws {
        let pairs = [try SealedBoxKeyPair(dataKey: vault.keys.dataKey)] + vault.entries.state.log.retiredPairs()
        let (byDevice, unreadable) = files.segments()
        // This device's chain is checked against its anchor even when its files are gone; other
        // devices' anchors are for their machines' logs.
        var devices = Set(byDevice.keys)
        if let device, vault.entries.state.log.anchors[device] != nil { devices.insert(device) }
        chains = devices.sorted { ($0 != device ? 1 : 0, $0) < ($1 != device ? 1 : 0, $1) }.map { name in
            EventLogVerification(segments: byDevice[name] ?? [], device: name, vaultID: vault.envelope.id, pairs: pairs,
                                 anchor: vault.entries.state.log.anchors[name], limits: files.limits)
        }
        self.unreadable = unreadable
    }

    /// Whether every chain holds and every file is a segment.
    public var holds: Bool { unreadable.isEmpty && chains.allSatisfy(\.holds) }

    /// Every event that opened: each chain's in its order (a clock set back does not reorder
    /// them), the chains merged by time.
    public var events: [SecurityEvent] {
        var next = chains.map { _ in 0 }
        var merged: [SecurityEvent] = []
        while let chain = chains.indices.filter({ next[$0] < chains[$0].events.count })
            .min(by: { chains[$0].events[next[$0]].milliseconds < chains[$1].events[next[$1]].milliseconds }) {
            merged.append(chains[chain].events[next[chain]])
            next[chain] += 1
        }
        return merged
    }

    /// The failed master-password attempts since the last time the password was proven
    /// (`unlock`) by another command than the one reading (whose own events on `device` are
    /// `ownEvents`, by number): what `vault audit` warns of.
    public func failedAttemptsSinceUnlock(ownEvents: Set<UInt64>, device: String?) -> [SecurityEvent] {
        var failed: [SecurityEvent] = []
        for event in events where !(event.device == device && ownEvents.contains(event.number)) {
            switch event.kind {
            case .unlock: failed = []
            case .passwordFailed: failed.append(event)
            default: break
            }
        }
        return failed
    }
}
