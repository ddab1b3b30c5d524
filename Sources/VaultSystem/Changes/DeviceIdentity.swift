import VaultCore
import FoundationEssentials

/// This user's device id on this machine, kept in `$XDG_STATE_HOME/vault/device` (one line, mode
/// 0600), which no sync carries: made by `vault init` (or at the first change of a vault made
/// before device ids), then read.
public enum DeviceIdentity {
    /// The id file under the state home `stateHome`.
    public static func path(stateHome: String) -> String {
        stateHome + "/vault/device"
    }

    /// The id in the file at `path`, made first if there is none. Two commands making it at the
    /// same moment agree: the file is created exclusively, and the one that loses reads it.
    public static func load(path: String) throws -> String {
        if let id = try read(path) { return id }
        let id = try DeviceID.random()
        try Paths.createFolders(Paths.folder(of: path))
        let line = Array((id + "\n").utf8)
        do {
            try line.withUnsafeBytes { try AtomicFile.write($0, to: path, exclusive: true) }
        } catch StoreError.fileExists, StoreError.notFlushed {
            // Another command made it first (its id counts), or it is written but not yet flushed.
        }
        guard let written = try read(path) else { throw StoreError.corruptDeviceID(path: path) }
        return written
    }

    private static func read(_ path: String) throws -> String? {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: 64)
        } catch .fileMissing {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(while: \.isWhitespace)
        guard DeviceID.isValid(text) else { throw StoreError.corruptDeviceID(path: path) }
        return text
    }
}
