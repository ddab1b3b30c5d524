import VaultCore
import CKeyutils
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The keys the kernel lists in /proc/keys: every key this process may view, whichever
/// session's keyring holds it. Lines read `SERIAL FLAGS USAGE EXPIRY PERM UID GID TYPE
/// DESCRIPTION: SUMMARY` (serial and permissions in hex; the type padded to nine characters).
package enum ProcKeys {
    /// One listed key of this user's.
    struct Listed: Equatable {
        var serial: key_serial_t
        /// Seconds left before the kernel ends it, as the list shows them (whole minutes,
        /// hours, days or weeks beyond a minute, rounded down); nil when it has no timeout.
        var secondsLeft: Int?
    }

    /// The keys of `type` described exactly `description` that belong to user `uid` (this
    /// process's by default); none when the list cannot be read (no /proc, or a kernel
    /// without it).
    static func keys(type: String, description: String, uid: uid_t = getuid(), path: String = "/proc/keys") -> [Listed] {
        guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return [] }
        defer { try? file.close() }
        guard let bytes = try? file.readToEnd(limit: 4 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
            guard fields.count == 9, fields[7] == type, fields[5] == String(uid) else { return nil }
            let rest = fields[8].drop { $0 == " " }
            guard rest == description || rest.hasPrefix(description + ": "),
                  let serial = UInt32(fields[0], radix: 16), serial > 0, serial <= UInt32(Int32.max)
            else { return nil }
            return Listed(serial: key_serial_t(serial), secondsLeft: secondsLeft(fields[3]))
        }
    }

    /// The units the list counts in, largest first.
    private static let units: [(suffix: Character, seconds: Int)] = [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// "perm" (nil), "expd" (0), or a count with its unit: 59s, 14m, 3h, 2d, 1w.
    private static func secondsLeft(_ text: Substring) -> Int? {
        if text == "expd" { return 0 }
        guard let unit = units.first(where: { $0.suffix == text.last }), let count = Int(text.dropLast()) else { return nil }
        return count * unit.seconds
    }

    /// The unit the list shows `seconds` in (the kernel picks the largest that fits).
    package static func unit(of seconds: Int) -> Int {
        units.first { seconds >= $0.seconds }?.seconds ?? 1
    }
}
