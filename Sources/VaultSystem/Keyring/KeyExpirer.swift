import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Removes a cached key from the keyring when its lifetime ends, in a detached process (vault's
/// `keyring-expire`, whose command line the caller gives), so that an expired key does not stay readable until some later
/// command happens to look it up. It knows only the vault id and the expiry, never the key, and
/// removes the item only if it still carries that expiry (a newer `vault unlock` wins).
public enum KeyExpirer {
    /// Starts the expirer, `command` with `environment`, for the key of `vaultID` that expires
    /// at `expires` (Unix seconds).
    static func schedule(vaultID: String, expires: Int, command: OwnCommandLine, environment: [String: String]) {
        let instruction = "\(vaultID)\n\(expires)\n"
        _ = try? HelperProcess.start(command.program, command.arguments, environment: environment) { fd in
            try? FileDescriptor(rawValue: fd).writeEvery(Array(instruction.utf8))
        }
    }

    /// The expirer's side: reads the instruction from `input`, detaches, waits, and removes the
    /// item from `keyring` if it is still the one that was scheduled.
    public static func run(input: FileDescriptor, keyring: any KeyringBackend) {
        let lines = String(decoding: (try? input.readToEnd(limit: 512)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        try? input.close()
        guard lines.count == 2, UUID(uuidString: lines[0]) != nil, let expires = Int(lines[1]) else { return }
        setsid()
        signal(SIGHUP, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        SystemCall.sleep(untilWallClock: expires)
        guard let item = keyring.cachedItem(vaultID: lines[0]),
              let itemExpiry = item.expires, Int(itemExpiry.timeIntervalSince1970) == expires
        else { return }
        _ = keyring.removeItem(vaultID: lines[0])
    }
}
