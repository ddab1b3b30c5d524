import VaultCore
import FoundationEssentials

/// The key lifetime `vault unlock --timeout`/`--idle` last set for each vault, kept until
/// another `vault unlock` changes it: every command that caches the vault's key later (once the
/// key has expired and the password is asked again) gives the key that lifetime rather than the
/// configured one, so an unlock with a timeout is not followed by a key cached for ever.
///
/// One small JSON file per vault id in `$XDG_STATE_HOME/vault/key-lifetime/` (mode 0600),
/// `{"timeout": SECONDS, "idle": SECONDS}`, a member left out for no limit of that kind.
public struct KeyLifetimeRecords: Sendable {
    public let folder: String

    /// The records under the state home `stateHome` (`$XDG_STATE_HOME`, else `~/.local/state`).
    public init(stateHome: String) {
        folder = stateHome + "/vault/key-lifetime"
    }

    private struct Record: Codable {
        var timeout: Double?
        var idle: Double?
    }

    /// The vault id is a UUID (`Envelope` refuses any other), never a path.
    private func file(vaultID: String) -> String {
        folder + "/" + vaultID
    }

    /// The lifetime recorded for `vaultID`; nil when none is (the configured one applies). A
    /// record that cannot be read counts as the strictest lifetime vault offers, one minute,
    /// rather than as none.
    public func lifetime(vaultID: String) -> KeyLifetime? {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(file(vaultID: vaultID), limit: 4096)
        } catch .fileMissing {
            return nil
        } catch {
            return Self.fallback
        }
        guard let record = try? EntryJSON.decoder().decode(Record.self, from: Data(bytes)),
              [record.timeout, record.idle].allSatisfy({ $0.map { $0.isFinite && $0 > 0 } ?? true })
        else { return Self.fallback }
        return KeyLifetime(timeToLive: record.timeout, idle: record.idle)
    }

    /// What an unreadable record stands for.
    static let fallback = KeyLifetime(timeToLive: 60)

    /// Records `lifetime` for `vaultID`.
    public func record(_ lifetime: KeyLifetime, vaultID: String) throws {
        try Paths.createFolders(folder)
        let bytes = Array(try EntryJSON.encoder().encode(Record(timeout: lifetime.timeToLive, idle: lifetime.idle))) + [0x0A]
        do {
            try bytes.withUnsafeBytes { try AtomicFile.write($0, to: file(vaultID: vaultID)) }
        } catch StoreError.notFlushed {
            // In place; a crash now may lose it, and the configured lifetime applies again.
        }
    }
}
