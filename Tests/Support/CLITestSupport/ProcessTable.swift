import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The processes running on this machine, as /proc shows them to anyone: their command lines
/// and, where this user may read them, their environments. For checking that a secret shows up
/// in neither, and which of `vault`'s helpers are still alive.
package enum ProcessTable {
    /// One process as seen at one moment; arguments and environment as the kernel keeps them,
    /// each string ended by a NUL.
    package struct Snapshot {
        package var pid: Int32
        package var commandLine: [UInt8]
        package var environment: [UInt8]

        package var arguments: [String] { Self.strings(commandLine) }
        package var environmentEntries: [String] { Self.strings(environment) }

        private static func strings(_ bytes: [UInt8]) -> [String] {
            bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Every process that is still there while it is read (others come and go meanwhile).
    package static func snapshot() -> [Snapshot] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.compactMap { pid in
            let commandLine = contents("/proc/\(pid)/cmdline")
            guard !commandLine.isEmpty else { return nil }  // gone, or a kernel thread
            return Snapshot(pid: pid, commandLine: commandLine, environment: contents("/proc/\(pid)/environ"))
        }
    }

    /// The processes whose command line or environment holds `secret`, described for a message.
    package static func exposing(_ secret: String) -> [String] {
        snapshot().filter {
            VaultFileLayout.find(secret, in: $0.commandLine, from: 0) != nil
                || VaultFileLayout.find(secret, in: $0.environment, from: 0) != nil
        }.map { "\($0.pid): \($0.arguments)" }
    }

    /// The `vault clipboard-clear` processes started for `fixture` (found by its HOME).
    package static func clearers(of fixture: VaultFixture) -> [Int32] {
        let vault = realpath(VaultBinary.path, nil).map { path in defer { free(path) }; return String(cString: path) } ?? VaultBinary.path
        return snapshot().filter {
            $0.arguments == [vault, "clipboard-clear"] && $0.environmentEntries.contains("HOME=\(fixture.root)")
        }.map(\.pid)
    }

    /// A /proc file's bytes, read to the end (its size says 0); empty when it cannot be read.
    private static func contents(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
