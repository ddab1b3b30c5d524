#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Removes a cached key from the keyring when its lifetime ends, in a detached process
/// (`vault keyring-expire`), so that an expired key does not stay readable until some later
/// command happens to look it up. It knows only the vault id and the expiry, never the key, and
/// removes the item only if it still carries that expiry (a newer `vault unlock` wins).
public enum KeyExpirer {
    /// Starts the expirer for the key of `vaultID` that expires at `expires` (Unix seconds).
    static func schedule(vaultID: String, expires: Int) {
        let instruction = "\(vaultID)\n\(expires)\n"
        try? HelperProcess.start(SelfExecutable.path, ["keyring-expire"]) { fd in
            Array(instruction.utf8).withUnsafeBytes { HelperProcess.writeAll($0, to: fd) }
        }
    }

    /// The expirer's side: reads the instruction, detaches, waits, and removes the item if it
    /// is still the one that was scheduled.
    public static func run() {
        let lines = ShortInput.read(from: 0, limit: 512).split(separator: "\n").map(String.init)
        close(0)
        guard lines.count == 2, UUID(uuidString: lines[0]) != nil, let expires = Int(lines[1]) else { return }
        setsid()
        signal(SIGHUP, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        while true {
            let left = Double(expires) - Date().timeIntervalSince1970
            if left <= 0 { break }
            usleep(UInt32(min(left, 3600) * 1_000_000))
        }
        let cache = SecretServiceKeyCache { _ in }
        guard let item = cache.cachedItem(vaultID: lines[0]),
              let itemExpiry = item.expires, Int(itemExpiry.timeIntervalSince1970) == expires
        else { return }
        _ = cache.removeItem(vaultID: lines[0])
    }
}
